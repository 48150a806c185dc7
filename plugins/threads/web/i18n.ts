import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The threads plugin's strings, registered by the shell under `threads.*`. */
export const t = createTranslator<typeof enGb>("threads");
