import { definePlugin } from "@hearth/plugins/pluginTypes";
import { channelCommands } from "./commands";
import enGb from "./en-gb.json";
import { t } from "./i18n";

const developer = "settings/developer/applications";

/**
 * Applications and bots: the developer settings (spec §2 `/app/settings/developer/applications…`), the bot
 * invite page (`/bot/{appId}` → `/app/bot/{appId}`), explore's bots section, and the bots'
 * commands for the composer's `/` list.
 */
export default definePlugin({
  id: "applications",
  routes: [
    { path: developer, lazy: () => import("./pages/DeveloperPage") },
    { path: `${developer}/:appId`, lazy: () => import("./pages/ApplicationPage") },
    { path: `${developer}/:appId/bot`, lazy: () => import("./pages/BotPage") },
    { path: `${developer}/:appId/bot/create-link`, lazy: () => import("./pages/BotCreateLinkPage") },
    { path: `${developer}/:appId/bot/profile`, lazy: () => import("./pages/BotProfilePage") },
    { path: `${developer}/:appId/bot/publish`, lazy: () => import("./pages/BotPublishPage") },
    { path: "bot/:appId", lazy: () => import("./pages/BotInvitePage") },
    { path: "explore/bots", lazy: () => import("./pages/ExploreBotsPage") },
  ],
  navEntries: [{ id: "developer", to: developer, icon: "code", label: () => t("nav.developer") }],
  // /app/settings/developer itself (developer mode) is the shell's; this section sits under it.
  settingsSections: [{ id: "applications", path: "developer/applications", label: () => t("nav.applications"), icon: "code", order: 125 }],
  extensions: { channelCommands },
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
