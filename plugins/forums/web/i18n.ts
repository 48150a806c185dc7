import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The forums plugin's strings, registered by the shell under `forums.*`. */
export const t = createTranslator<typeof enGb>("forums");
