import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The GIF search plugin's strings, registered by the shell under `gifs.*`. */
export const t = createTranslator<typeof enGb>("gifs");
