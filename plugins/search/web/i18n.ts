import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The search plugin's strings, registered by the shell under `search.*`. */
export const t = createTranslator<typeof enGb>("search");
