import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The voice plugin's strings, registered by the shell under `voice.*`. */
export const t = createTranslator<typeof enGb>("voice");
