import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The clans plugin's strings, registered by the shell under `clans.*`. */
export const t = createTranslator<typeof enGb>("clans");
