import { definePlugin } from "@hearth/plugins/pluginTypes";
import { embed, attachments, mentions, notifications } from "./en-gb.json";
import { t } from "./i18n";
import { PASSIVE_FEATURE } from "./passiveView";
import { messageSocketHandlers } from "./socketHandlers";
import { buttonCallbackReceived, type ButtonCallbackPayload } from "./store/buttonClicks";
import { serverMentionTotal } from "./store/mentionsStore";
import { searchMessageDeleted } from "./store/searchStore";
import { useReadState } from "./store/readState";
import type { MessageDeletedPayload } from "./types";

/** Unread mentions in server channels, on the Mentions entry. */
const useServerMentionTotal = () => useReadState((state) => serverMentionTotal(state.mentions));

/**
 * Messages: channels' messages, reactions, pins, typing, read state and search. Its one page is
 * the inbox of mentions (/app/mentions); the inbox and servers show its `MessagePane` (see `public.ts`).
 */
export default definePlugin({
  id: "messages",
  // message events of the channel on screen only, summaries of the others (passiveView.ts)
  socketFeatures: [PASSIVE_FEATURE],
  routes: [{ path: "mentions", lazy: () => import("./components/MentionsPage") }],
  navEntries: [{ id: "mentions", to: "mentions", icon: "at", label: () => t("mentions.nav"), useBadge: useServerMentionTotal, order: 20 }],
  socketHandlers: {
    ...messageSocketHandlers,
    "message:deleted": (payload: MessageDeletedPayload) => {
      messageSocketHandlers["message:deleted"](payload);
      searchMessageDeleted(payload.channelId, payload.messageId);
    },
    "message:button_clicked_callback": (payload: ButtonCallbackPayload) => buttonCallbackReceived(payload),
  },
  i18n: { "en-gb": { embed, attachments, mentions, notifications } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
