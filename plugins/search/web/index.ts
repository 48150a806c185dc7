import { shellSlots } from "@hearth/plugins/extensions";
import { definePlugin } from "@hearth/plugins/pluginTypes";
import { serverSlots } from "../../servers/web/public";
import enGb from "./en-gb.json";
import { SearchHeaderAction } from "./SearchHeaderAction";
import { SearchShortcut } from "./SearchShortcut";

/**
 * Search everywhere (Hearth's addition, asked for with the `search` feature): Ctrl/Cmd+K and a
 * search button in server channels open one box over a server, DMs and groups, or everything.
 */
export default definePlugin({
  id: "search",
  socketFeatures: ["search"],
  slots: [
    shellSlots.mainPaneBars.fill(SearchShortcut),
    serverSlots.channelHeaderActions.fill({ order: 30, Component: SearchHeaderAction }),
  ],
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
