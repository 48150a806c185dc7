/** The settings sections the shell owns (their data is this browser's local settings). */
import { t } from "../i18n/i18n";
import type { HearthWebPlugin } from "../plugins/pluginTypes";
import { isDesktopShell } from "./desktopShell";

export const shellSettings: Pick<HearthWebPlugin, "routes" | "settingsSections"> = {
  routes: [
    { path: "settings/interface", lazy: () => import("./sections/InterfaceSection") },
    { path: "settings/interface/custom-css", lazy: () => import("./sections/CustomCssSection") },
    { path: "settings/notifications", lazy: () => import("./sections/NotificationsSection") },
    { path: "settings/window-settings", lazy: () => import("./sections/WindowSettingsSection") },
    { path: "settings/language", lazy: () => import("./sections/LanguageSection") },
    { path: "settings/developer", lazy: () => import("./sections/DeveloperSection") },
    { path: "settings/experiments", lazy: () => import("./sections/ExperimentsSection") },
    { path: "settings/about", lazy: () => import("./sections/AboutSection") },
  ],
  settingsSections: [
    { id: "interface", path: "interface", label: () => t("settings.nav.interface"), icon: "panel", order: 40 },
    { id: "custom-css", path: "interface/custom-css", label: () => t("settings.nav.customCss"), icon: "code", order: 45 },
    { id: "notifications", path: "notifications", label: () => t("settings.nav.notifications"), icon: "bell", order: 65 },
    { id: "window-settings", path: "window-settings", label: () => t("settings.nav.window"), order: 90, useVisible: isDesktopShell },
    { id: "language", path: "language", label: () => t("settings.nav.language"), icon: "chat", order: 110 },
    { id: "developer", path: "developer", label: () => t("settings.nav.developer"), icon: "code", order: 120 },
    { id: "experiments", path: "experiments", label: () => t("settings.nav.experiments"), icon: "flame", order: 130 },
    { id: "about", path: "about", label: () => t("settings.nav.about"), icon: "smile", order: 140 },
  ],
};
