import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The welcome plugin's strings, registered by the shell under `welcome.*`. */
export const t = createTranslator<typeof enGb>("welcome");
