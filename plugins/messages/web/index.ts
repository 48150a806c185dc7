import { definePlugin } from "@hearth/plugins/pluginTypes";
import enGb from "./en-gb.json";
import { messageSocketHandlers } from "./socketHandlers";

/**
 * Messages: channels' messages, reactions, pins, typing and read state. It has no page of its
 * own; the inbox (and later servers) show its `MessagePane` (see `public.ts`).
 */
export default definePlugin({
  id: "messages",
  socketHandlers: messageSocketHandlers,
  i18n: { "en-gb": enGb },
});
