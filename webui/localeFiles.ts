/**
 * Finds every en-gb.json of the web UI (the shell's and each plugin's, first-party and
 * installed) and the translations beside it in `locales/<code>.json`. Node-side: used by the
 * build (completeness report and `virtual:hearth-locale-stats`) and the completeness test.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { countTranslated, type LocaleStats } from "./src/i18n/localeCheck.ts";
import { LANGUAGES } from "./src/settings/languages.ts";

export interface SourceFile {
  /** "" for the shell, else the plugin id. */
  namespace: string;
  /** The folder holding en-gb.json and locales/. */
  dir: string;
}

export function sourceFiles(repoRoot: string, installed: Record<string, string> = {}): SourceFile[] {
  const found: SourceFile[] = [{ namespace: "", dir: join(repoRoot, "webui/src/i18n") }];
  const pluginsDir = join(repoRoot, "plugins");
  for (const id of readdirSync(pluginsDir).sort()) {
    const dir = join(pluginsDir, id, "web");
    if (existsSync(join(dir, "en-gb.json"))) found.push({ namespace: id, dir });
  }
  for (const [id, entry] of Object.entries(installed)) {
    const dir = join(entry, "..");
    if (!found.some((file) => file.namespace === id) && existsSync(join(dir, "en-gb.json"))) found.push({ namespace: id, dir });
  }
  return found;
}

export const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

export const localePath = (source: SourceFile, code: string) => join(source.dir, "locales", `${code}.json`);

export function localeStats(sources: SourceFile[]): LocaleStats {
  const stats: LocaleStats = {};
  for (const source of sources) {
    const english = readJson(join(source.dir, "en-gb.json"));
    const entry = { total: countTranslated(english, english).total, present: {} as Record<string, number> };
    for (const { code } of LANGUAGES) {
      const file = localePath(source, code);
      let translation: unknown;
      try {
        translation = existsSync(file) ? readJson(file) : undefined;
      } catch {
        translation = undefined; // an invalid file counts as absent here; the test reports it
      }
      entry.present[code] = code === "en-gb" ? entry.total : countTranslated(english, translation).present;
    }
    stats[source.namespace] = entry;
  }
  return stats;
}
