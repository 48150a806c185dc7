import { definePlugin } from "@hearth/plugins/pluginTypes";
import enGb from "./en-gb.json";
import { t } from "./i18n";

/** Push: the "Notifications" settings section, where a browser turns Web Push on or off. */
export default definePlugin({
  id: "push",
  routes: [{ path: "settings/notifications", lazy: () => import("./NotificationsPage") }],
  settingsSections: [{ id: "notifications", path: "notifications", label: () => t("nav"), icon: "bell", order: 65 }],
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
