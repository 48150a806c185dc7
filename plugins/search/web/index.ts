import { shellSlots } from "@hearth/plugins/extensions";
import { definePlugin } from "@hearth/plugins/pluginTypes";
import { messageSlots } from "../../messages/web/public";
import { shortcut } from "./en-gb.json";
import { SearchHeaderAction } from "./SearchHeaderAction";
import { SearchShortcut } from "./SearchShortcut";

/**
 * Search everywhere (Hearth's addition, asked for with the `search` feature): Ctrl/Cmd+K and the
 * channel header's search button (in place of the pane's one-channel search) open one box over
 * messages — a server, DMs and groups, everything — posts and people.
 */
export default definePlugin({
  id: "search",
  socketFeatures: ["search"],
  slots: [
    shellSlots.mainPaneBars.fill(SearchShortcut),
    messageSlots.channelSearchButton.fill(SearchHeaderAction),
  ],
  i18n: { "en-gb": { shortcut } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
