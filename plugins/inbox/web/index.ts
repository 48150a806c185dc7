import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { usePendingIncomingCount } from "../../friends/web/public";
import { useDirectUnreadTotal } from "../../messages/web/public";
import { DmList } from "./DmList";
import { nav, list } from "./en-gb.json";
import { t } from "./i18n";
import { openDirectMessage } from "./inboxApi";
import { inboxAuthenticated, inboxClosed, inboxOpened, recipientUpdated } from "./inboxStore";
import type { Inbox } from "./types";

/** Unread direct messages plus incoming friend requests, on the inbox's navigation entry. */
function useInboxBadge(): number {
  return useDirectUnreadTotal() + usePendingIncomingCount();
}

/** Direct messages: the friends pane and each conversation at /app/inbox, and the conversation list in Home's side pane. */
export default definePlugin({
  id: "inbox",
  routes: [{ path: "inbox/*", lazy: () => import("./InboxPage") }],
  navEntries: [{ id: "inbox", to: "inbox", icon: "inbox", label: () => t("nav"), useBadge: useInboxBadge, order: 30 }],
  socketHandlers: {
    "user:authenticated": (payload: { inbox?: Inbox[] }) => inboxAuthenticated(payload.inbox),
    "inbox:opened": (inbox: Inbox) => inboxOpened(inbox),
    "inbox:closed": (payload: { channelId: string }) => inboxClosed(payload),
    "user:updated": (payload: { userId: string; updated: Record<string, unknown> }) => recipientUpdated(payload),
  },
  slots: [shellSlots.directMessages.fill(openDirectMessage), shellSlots.homeSidebarItems.fill(DmList)],
  i18n: { "en-gb": { nav, list } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
