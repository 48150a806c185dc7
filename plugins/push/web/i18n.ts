import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The push plugin's strings, registered by the shell under `push.*`. */
export const t = createTranslator<typeof enGb>("push");
