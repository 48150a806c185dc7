import { definePlugin } from "@hearth/plugins/pluginTypes";
import { messageSlots } from "../../messages/web/public";
import enGb from "./en-gb.json";
import { GifButton } from "./GifButton";

/** GIF search: a GIF button in the message composer that opens the picker (spec §4 composer). */
export default definePlugin({
  id: "gifs",
  slots: [messageSlots.composerButtons.fill(GifButton)],
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
