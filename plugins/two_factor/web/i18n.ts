import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The two-factor plugin's strings, registered by the shell under `two_factor.*`. */
export const t = createTranslator<typeof enGb>("two_factor");
