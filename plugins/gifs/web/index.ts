import { definePlugin } from "@hearth/plugins/pluginTypes";
import { messageSlots } from "../../messages/web/public";
import { button, title } from "./en-gb.json";
import { GifButton } from "./GifButton";

/** GIF search: a GIF button in the message composer that opens the picker (spec §4 composer). */
export default definePlugin({
  id: "gifs",
  slots: [messageSlots.composerButtons.fill(GifButton)],
  i18n: { "en-gb": { button, title } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
