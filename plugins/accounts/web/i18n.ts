import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The accounts plugin's strings, registered by the shell under `accounts.*`. */
export const t = createTranslator<typeof enGb>("accounts");
