import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The inbox plugin's strings, registered by the shell under `inbox.*`. */
export const t = createTranslator<typeof enGb>("inbox");
