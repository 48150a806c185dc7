import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The explore plugin's strings, registered by the shell under `explore.*`. */
export const t = createTranslator<typeof enGb>("explore");
