import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The friends plugin's strings, registered by the shell under `friends.*`. */
export const t = createTranslator<typeof enGb>("friends");
