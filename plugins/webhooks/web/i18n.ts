import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The webhooks plugin's strings, registered by the shell under `webhooks.*`. */
export const t = createTranslator<typeof enGb>("webhooks");
