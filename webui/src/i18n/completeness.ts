/** How complete each language is, counted from the locale files at build time (not from what is loaded). */
import stats from "virtual:hearth-locale-stats";
import { completeness } from "./localeCheck";

/** Share (0–1) of the en-gb strings of the shell and the given plugins that a language translates. */
export function languageCompleteness(code: string, pluginIds: readonly string[]): number {
  return completeness(stats, code, ["", ...pluginIds]);
}
