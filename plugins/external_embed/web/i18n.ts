import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The external embed plugin's strings, registered by the shell under `external_embed.*`. */
export const t = createTranslator<typeof enGb>("external_embed");
