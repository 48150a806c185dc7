import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The hello plugin's strings, registered by the shell under `hello.*`. */
export const t = createTranslator<typeof enGb>("hello");
