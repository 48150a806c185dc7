import { definePlugin } from "@hearth/plugins/pluginTypes";
import { messageSlots } from "../../messages/web/public";
import { serverSlots } from "../../servers/web/public";
import { menu, header, list, sidebar, notify } from "./en-gb.json";
import { FollowedThreads } from "./FollowedThreads";
import { threadSocketHandlers } from "./live";
import { threadRead } from "./threadsStore";
import { threadMenuItems } from "./menu";
import { ThreadsHeaderAction } from "./ThreadsHeaderAction";
import "./threads.css";

/**
 * Threads (Hearth's addition, docs/protocol-extensions.md): asks for the "threads" feature, which
 * also names it on every request; adds "Create thread" to the message menu (the messages bundle's menuItems slot), the threads button and
 * panel beside a channel, and followed threads under their channel in the list.
 */
export default definePlugin({
  id: "threads",
  socketFeatures: ["threads"],
  socketHandlers: threadSocketHandlers,
  slots: [
    messageSlots.menuItems.fill(threadMenuItems),
    serverSlots.channelHeaderActions.fill({ order: 10, Component: ThreadsHeaderAction }),
    serverSlots.channelItemExtras.fill({ order: 10, Component: FollowedThreads }),
    // Another device's read; this one's are applied as they happen (ThreadPanel): their echo, late,
    // would take a reply that came meanwhile for read.
    messageSlots.readElsewhere.fill(threadRead),
  ],
  i18n: { "en-gb": { menu, header, list, sidebar, notify } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
