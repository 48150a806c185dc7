import { definePlugin } from "@hearth/plugins/pluginTypes";
import { messageSlots } from "../../messages/web/public";
import { channelCommands } from "./commands";
import { useDeveloperAreaVisible } from "./developerArea";
import { nav, bot, explore } from "./en-gb.json";
import { t } from "./i18n";

const developer = "settings/developer/applications";

/**
 * Applications and bots: the developer settings (spec §2 `/app/settings/developer/applications…`), the bot
 * invite page (`/bot/{appId}` → `/app/bot/{appId}`) and the bot's invite link (with servers),
 * explore's bots section and the bot's listing (with explore), and the bots' commands for the
 * composer's `/` list.
 */
export default definePlugin({
  id: "applications",
  routes: [
    { path: developer, lazy: () => import("./pages/DeveloperPage") },
    { path: `${developer}/:appId`, lazy: () => import("./pages/ApplicationPage") },
    { path: `${developer}/:appId/bot`, lazy: () => import("./pages/BotPage") },
    // servers and explore are optional: what adds a bot to a server or lists it needs them
    { path: `${developer}/:appId/bot/create-link`, lazy: () => import("./pages/BotCreateLinkPage"), needs: ["servers"] },
    { path: `${developer}/:appId/bot/profile`, lazy: () => import("./pages/BotProfilePage") },
    { path: `${developer}/:appId/bot/publish`, lazy: () => import("./pages/BotPublishPage"), needs: ["explore"] },
    { path: "bot/:appId", lazy: () => import("./pages/BotInvitePage"), needs: ["servers"] },
    { path: "explore/bots", lazy: () => import("./pages/ExploreBotsPage"), needs: ["explore"] },
  ],
  // On the rail for developers only (developer mode, or an application of their own).
  navEntries: [{ id: "developer", to: developer, icon: "code", label: () => t("nav.developer"), order: 80, useVisible: useDeveloperAreaVisible }],
  // /app/settings/developer itself (developer mode) is the shell's; this section sits under it.
  settingsSections: [{ id: "applications", path: "developer/applications", label: () => t("nav.applications"), icon: "code", order: 125 }],
  slots: [messageSlots.channelCommands.fill(channelCommands)],
  i18n: { "en-gb": { nav, bot, explore } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
