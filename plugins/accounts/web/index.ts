import { definePlugin } from "@hearth/plugins/pluginTypes";
import { nav, badges, privacy } from "./en-gb.json";
import { t } from "./i18n";

export default definePlugin({
  id: "accounts",
  routes: [
    { path: "settings/account", lazy: () => import("./AccountSettingsPage") },
    { path: "settings/badges", lazy: () => import("./BadgesSettingsPage") },
    { path: "settings/privacy", lazy: () => import("./PrivacySettingsPage") },
  ],
  navEntries: [{ id: "settings", to: "settings", icon: "cog", label: () => t("nav.settings"), order: 90 }],
  settingsSections: [
    { id: "account", path: "account", label: () => t("nav.account"), icon: "cog", order: 10 },
    { id: "badges", path: "badges", label: () => t("nav.badges"), icon: "shield", order: 30 },
    { id: "privacy", path: "privacy", label: () => t("nav.privacy"), icon: "eyeOff", order: 80 },
  ],
  i18n: { "en-gb": { nav, badges, privacy } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
