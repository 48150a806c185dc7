import { Fragment, lazy, startTransition, Suspense, useLayoutEffect, useState, type ComponentType, type ReactNode } from "react";
import { Navigate, Outlet, Route, Router, Routes, UNSAFE_createBrowserHistory, useLocation } from "react-router";
import { LanguageLoading, useLanguageKey } from "./i18n/LanguageLoading";
import { blockingHistory } from "./navigation/blockingHistory";
import { isUrgentNavigation } from "./navigation/urgentNavigation";
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

/** The browser's history, which a form with unsaved changes may hold back (see `blockingHistory`). */
export const appHistory = blockingHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));

/** React Router's history router, which draws every navigation as a transition, but for those
 * asked to be drawn at once (`drawNavigationAtOnce`). */
function AppHistoryRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => ({ action: appHistory.action, location: appHistory.location }));
  useLayoutEffect(
    () =>
      appHistory.listen(({ action, location }) => {
        if (isUrgentNavigation()) setState({ action, location });
        else startTransition(() => setState({ action, location }));
      }),
    [],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={appHistory}>
      {children}
    </Router>
  );
}

export function AppRouter() {
  return (
    <AppHistoryRouter>
      <Routes>
        <Route element={<Root />}>
          <Route element={<PublicPages />}>
            <Route path="/" element={<LandingPage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/login/sso/:providerId" element={<SsoReturnPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            <Route path="/terms-and-conditions" element={<TermsPage />} />
            <Route path="/404" element={<NotFoundPage />} />
          </Route>
          <Route path="/i/:inviteId" element={<InviteRedirect />} />
          <Route path="/p/:postId" element={<PostRedirect />} />
          <Route path="/bot/:appId" element={<BotRedirect />} />
          <Route path="/connections/:returnPage" element={<ConnectionReturnRedirect />} />
          <Route path="/app/*" element={<AppGate />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Route>
      </Routes>
    </AppHistoryRouter>
  );
}
