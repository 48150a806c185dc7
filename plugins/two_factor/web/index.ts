import { shellSlots } from "@hearth/plugins/extensions";
import { definePlugin } from "@hearth/plugins/pluginTypes";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { serverSlots } from "../../servers/web/public";
import { nav } from "./en-gb.json";
import { t } from "./i18n";
import { ServerRequirementSettings } from "./serverSection";

// Drawn only on the log-in page: their code (and WebAuthn's) loads there, not with the app.
const PasskeySignIn = lazyComponent(async () => (await import("./PasskeySignIn")).PasskeySignIn);
const LoginSecondStep = lazyComponent(async () => (await import("./LoginSecondStep")).LoginSecondStep);

/** Two-factor: Settings › Account › Two-factor (authenticator app, recovery codes, passkeys, the
 * security log), the log-in page's second step and passkey sign-in, and Server settings › Security.
 * Without the servers plugin nothing draws the server section. */
export default definePlugin({
  id: "two_factor",
  routes: [{ path: "settings/account/two-factor", lazy: () => import("./TwoFactorSettingsPage") }],
  settingsSections: [{ id: "two-factor", path: "account/two-factor", label: () => t("nav"), icon: "shield", order: 12 }],
  slots: [
    shellSlots.loginMethods.fill(PasskeySignIn),
    shellSlots.loginChallenges.fill({ key: "twoFactor", Step: LoginSecondStep }),
    shellSlots.loginFeatures.fill("two_factor"),
    serverSlots.settingsSections.fill({ id: "security", Component: ServerRequirementSettings }),
  ],
  i18n: { "en-gb": { nav } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
