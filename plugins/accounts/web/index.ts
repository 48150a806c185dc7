import { definePlugin } from "@hearth/plugins/pluginTypes";
import enGb from "./en-gb.json";
import { t } from "./i18n";

export default definePlugin({
  id: "accounts",
  routes: [
    { path: "settings/account", lazy: () => import("./AccountSettingsPage") },
    { path: "settings/badges", lazy: () => import("./BadgesSettingsPage") },
  ],
  navEntries: [{ id: "account-settings", to: "settings/account", icon: "cog", label: () => t("nav.settings") }],
  i18n: { "en-gb": enGb },
});
