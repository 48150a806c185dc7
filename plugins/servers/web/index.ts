import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { messageSlots } from "../../messages/web/public";
import { LazyServerNotificationsCard } from "./components/LazyServerNotificationsCard";
import { ServerRailList } from "./components/ServerRailList";
import enGb from "./en-gb.json";
import { serverMessageContext } from "./messageContext";
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
  slots: [
    shellSlots.serverRailItems.fill(ServerRailList),
    shellSlots.notificationSettingsCards.fill(LazyServerNotificationsCard),
    shellSlots.userMenuSections.fill(serverUserMenuSection),
    messageSlots.serverMessageContext.fill(serverMessageContext),
  ],
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
