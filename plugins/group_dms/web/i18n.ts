import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The group DMs plugin's strings, registered by the shell under `group_dms.*`. */
export const t = createTranslator<typeof enGb>("group_dms");
