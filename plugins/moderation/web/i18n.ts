import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The moderation plugin's strings, registered by the shell under `moderation.*`. */
export const t = createTranslator<typeof enGb>("moderation");
