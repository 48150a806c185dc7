import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The connections plugin's strings, registered by the shell under `connections.*`. */
export const t = createTranslator<typeof enGb>("connections");
