import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The tickets plugin's strings, registered by the shell under `tickets.*`. */
export const t = createTranslator<typeof enGb>("tickets");
