import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { messageSlots } from "../../messages/web/public";
import { LazyServerNotificationsCard } from "./components/LazyServerNotificationsCard";
import { ServerRailList } from "./components/ServerRailList";
import { common, errors, rail, folder, serverMenu, leave, deleteServer, channels, channel, members, mentions, memberMenu, settings, general, roles, permissions, bans, invites, notifications } from "./en-gb.json";
import { serverMessageContext } from "./messageContext";
import { NOTIFICATION_DEFAULTS_FEATURE } from "./notificationSettings";
import { serverSocketHandlers } from "./socketHandlers";
import { serverUserMenuSection } from "./components/memberMenu";

/**
 * Servers: the user's servers in the rail (with folders and unread state), each server's channels,
 * members and settings at /app/servers/…, the invite page at /app/explore/servers/invites/{code}, and
 * each server's and channel's notification modes on /app/settings/notifications.
 */
export default definePlugin({
  id: "servers",
  routes: [
    { path: "servers/*", lazy: () => import("./ServerPage") },
    { path: "explore/servers/invites/:code", lazy: () => import("./InvitePage") },
  ],
  socketHandlers: serverSocketHandlers,
  // each server's default ping mode in the payload and live (notificationSettings.ts)
  socketFeatures: [NOTIFICATION_DEFAULTS_FEATURE],
  slots: [
    shellSlots.serverRailItems.fill(ServerRailList),
    shellSlots.notificationSettingsCards.fill(LazyServerNotificationsCard),
    shellSlots.userMenuSections.fill(serverUserMenuSection),
    messageSlots.serverMessageContext.fill(serverMessageContext),
  ],
  i18n: { "en-gb": { common, errors, rail, folder, serverMenu, leave, deleteServer, channels, channel, members, mentions, memberMenu, settings, general, roles, permissions, bans, invites, notifications } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
