import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The social plugin's strings, registered by the shell under `social.*`. */
export const t = createTranslator<typeof enGb>("social");
