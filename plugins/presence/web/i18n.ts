import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The presence plugin's strings, registered by the shell under `presence.*`. */
export const t = createTranslator<typeof enGb>("presence");
