import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { useIsStaff } from "./access";
import { nav, servers, audit, notices, instance } from "./en-gb.json";
import { t } from "./i18n";
import { MotdBar } from "./MotdBar";
import { noticeCreated, noticesReceived, WarningNotices } from "./notices";
import { refreshWaitingTicketsSoon, useWaitingTicketCount } from "./ticketBadge";

export default definePlugin({
  id: "moderation",
  // the audit log's own action types (100 and up) are listed only to a client that names them
  socketFeatures: ["audit_actions"],
  routes: [
    { path: "moderation", lazy: () => import("./ModerationHome") },
    // servers and messages are optional: their pages only where they run
    { path: "moderation/servers/:serverId", lazy: () => import("./ServerPage"), needs: ["servers"] },
    { path: "moderation/users", lazy: () => import("./UsersPage") },
    { path: "moderation/users/:userId", lazy: () => import("./UserPage") },
    { path: "moderation/audit-logs", lazy: () => import("./AuditLogsPage") },
    { path: "moderation/stats", lazy: () => import("./StatsPage") },
    { path: "moderation/online", lazy: () => import("./OnlinePage") },
    { path: "moderation/plugins", lazy: () => import("./PluginsPage") },
    { path: "moderation/invites", lazy: () => import("./InvitesPage") },
    { path: "moderation/instance", lazy: () => import("./InstancePage") },
    { path: "moderation/suggestions", lazy: () => import("./SuggestionsPage") },
    { path: "moderation/channels/:channelId", lazy: () => import("./ChannelMessagesPage"), needs: ["messages"] },
    // the servers tab's own address, and "not found" for the rest (rather than Home)
    { path: "moderation/*", lazy: () => import("./NotFoundPage") },
  ],
  navEntries: [
    {
      id: "moderation",
      to: "moderation",
      icon: "shield",
      label: () => t("nav.moderation"),
      useVisible: useIsStaff,
      useBadge: useWaitingTicketCount,
      order: 70,
    },
  ],
  socketHandlers: {
    "user:authenticated": (payload: Parameters<typeof noticesReceived>[0]) => {
      noticesReceived(payload);
      refreshWaitingTicketsSoon();
    },
    "user:notice_created": noticeCreated,
    // the tickets plugin's live event (sent when it runs and this socket asked for it)
    "ticket:updated": refreshWaitingTicketsSoon,
  },
  slots: [shellSlots.appOverlay.fill(WarningNotices), shellSlots.mainPaneBars.fill(MotdBar)],
  i18n: { "en-gb": { nav, servers, audit, notices, instance } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
