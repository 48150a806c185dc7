import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The reminders plugin's strings, registered by the shell under `reminders.*`. */
export const t = createTranslator<typeof enGb>("reminders");
