import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The applications plugin's strings, registered by the shell under `applications.*`. */
export const t = createTranslator<typeof enGb>("applications");
