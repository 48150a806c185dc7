import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The data export plugin's strings, registered by the shell under `data_export.*`. */
export const t = createTranslator<typeof enGb>("data_export");
