import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The emojis plugin's strings, registered by the shell under `emojis.*`. */
export const t = createTranslator<typeof enGb>("emojis");
