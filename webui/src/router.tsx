import { Fragment, lazy, Suspense, type ComponentType } from "react";
import { createBrowserRouter, Navigate, Outlet, useLocation } from "react-router";
import { LanguageLoading, useLanguageKey } from "./i18n/LanguageLoading";
import { BotRedirect, ConnectionReturnRedirect, InviteRedirect, PostRedirect } from "./pages/ShortLinkRedirects";
import { loginPathFor } from "./session/redirect";
import { hasToken } from "./session/token";
import { ModalHost } from "./ui/modal/ModalHost";
import { PaneLoading } from "./ui/PaneLoading";
import { PopoverHost } from "./ui/popover/PopoverHost";

/** A public page loads when visited: someone opening /app signed in downloads none of them. */
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const LandingPage = page(() => import("./pages/LandingPage"), (module) => module.LandingPage);
const LoginPage = page(() => import("./pages/LoginPage"), (module) => module.LoginPage);
const RegisterPage = page(() => import("./pages/RegisterPage"), (module) => module.RegisterPage);
const ResetPasswordPage = page(() => import("./pages/ResetPasswordPage"), (module) => module.ResetPasswordPage);
const SsoReturnPage = page(() => import("./pages/SsoReturnPage"), (module) => module.SsoReturnPage);
const PrivacyPage = page(() => import("./pages/LegalPage"), (module) => module.PrivacyPage);
const TermsPage = page(() => import("./pages/LegalPage"), (module) => module.TermsPage);
const NotFoundPage = page(() => import("./pages/NotFoundPage"), (module) => module.NotFoundPage);

function Root() {
  const language = useLanguageKey();
  return (
    <>
      <Outlet />
      <ModalHost key={`modals-${language}`} />
      <PopoverHost key={`popovers-${language}`} />
      <LanguageLoading />
    </>
  );
}

/** The pages outside /app render their strings once: they are drawn again when the stored
 * language has loaded after start-up (the app shell re-keys itself the same way). */
function PublicPages() {
  return (
    <Fragment key={useLanguageKey()}>
      <Suspense fallback={<PaneLoading />}>
        <Outlet />
      </Suspense>
    </Fragment>
  );
}

const AppShell = lazy(async () => ({ default: (await import("./app/AppShell")).AppShell }));

/** /app for a visitor without a session is the log-in page: it does not download the app to find that out. */
function AppGate() {
  const location = useLocation();
  if (!hasToken()) return <Navigate to={loginPathFor(location)} replace />;
  return (
    <Suspense fallback={<PaneLoading />}>
      <AppShell />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <PublicPages />,
        children: [
          { path: "/", element: <LandingPage /> },
          { path: "/login", element: <LoginPage /> },
          { path: "/login/sso/:providerId", element: <SsoReturnPage /> },
          { path: "/register", element: <RegisterPage /> },
          { path: "/reset-password", element: <ResetPasswordPage /> },
          { path: "/privacy", element: <PrivacyPage /> },
          { path: "/terms-and-conditions", element: <TermsPage /> },
          { path: "/404", element: <NotFoundPage /> },
        ],
      },
      { path: "/i/:inviteId", element: <InviteRedirect /> },
      { path: "/p/:postId", element: <PostRedirect /> },
      { path: "/bot/:appId", element: <BotRedirect /> },
      { path: "/connections/:returnPage", element: <ConnectionReturnRedirect /> },
      { path: "/app/*", element: <AppGate /> },
      { path: "*", element: <Navigate to="/404" replace /> },
    ],
  },
]);
