import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The messages plugin's strings, registered by the shell under `messages.*`. */
export const t = createTranslator<typeof enGb>("messages");
