import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The servers plugin's strings, registered by the shell under `servers.*`. */
export const t = createTranslator<typeof enGb>("servers");
