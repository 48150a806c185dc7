import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The posts plugin's strings, registered by the shell under `posts.*`. */
export const t = createTranslator<typeof enGb>("posts");
