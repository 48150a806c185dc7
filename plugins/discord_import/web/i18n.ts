import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The Discord import plugin's strings, registered by the shell under `discord_import.*`. */
export const t = createTranslator<typeof enGb>("discord_import");
