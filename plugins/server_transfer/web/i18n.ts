import { createTranslator } from "@hearth/i18n/i18n";
import type enGb from "./en-gb.json";

/** The server transfer plugin's strings, registered by the shell under `server_transfer.*`. */
export const t = createTranslator<typeof enGb>("server_transfer");
