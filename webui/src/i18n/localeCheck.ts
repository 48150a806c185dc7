/**
 * Checks a language's file against its en-gb.json: pure functions shared by the completeness
 * test (`locales.test.ts`) and the build's report (`webui/localeFiles.ts`).
 */
import { intlLocale } from "./languageCodes.ts";

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** `{"a": {"b": "x"}}` → `{"a.b": "x"}`; a value that is neither string nor object is returned as a problem. */
export function flatten(value: unknown, prefix = "", out = new Map<string, string>(), problems: string[] = []) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problems.push(`${prefix || "(file)"}: not a JSON object`);
    return { strings: out, problems };
  }
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === "string") out.set(path, child);
    else if (typeof child === "object" && child !== null && !Array.isArray(child)) flatten(child, path, out, problems);
    else problems.push(`${path}: neither a string nor an object`);
  }
  return { strings: out, problems };
}

/** The plain key a plural form belongs to (`a.members_one` → `a.members`), given the keys that exist. */
export function pluralBase(key: string, plainKeys: Set<string>): string | undefined {
  const match = PLURAL.exec(key);
  return match && plainKeys.has(match[1]!) ? match[1] : undefined;
}

/** The en-gb keys a translation must have: plural forms (`x_one`) of another key are left out. */
export function plainKeys(english: Map<string, string>): Set<string> {
  const all = new Set(english.keys());
  return new Set([...all].filter((key) => pluralBase(key, all) === undefined));
}

const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((item) => b.has(item));

export function pluralCategories(language: string): string[] {
  return new Intl.PluralRules(intlLocale(language)).resolvedOptions().pluralCategories;
}

/**
 * Problems of one language file: keys of en-gb it lacks, placeholders that differ, and — for
 * each key it gives any plural form of — the plural categories of the language it lacks.
 * A plural form may leave out `{count}` ("un membre") but may not bring other placeholders.
 */
export function checkLocale(englishJson: unknown, translationJson: unknown, language: string): string[] {
  const english = flatten(englishJson).strings;
  const { strings: translated, problems } = flatten(translationJson);
  const required = plainKeys(english);
  for (const key of required) {
    const text = translated.get(key);
    if (text === undefined) problems.push(`${key}: missing`);
    else if (!sameSet(placeholders(text), placeholders(english.get(key)!)))
      problems.push(`${key}: placeholders ${[...placeholders(text)].join(",") || "none"} instead of ${[...placeholders(english.get(key)!)].join(",") || "none"}`);
  }
  const categories = pluralCategories(language);
  const withPlurals = new Set<string>();
  for (const [key, text] of translated) {
    const base = pluralBase(key, required);
    if (!base) continue;
    withPlurals.add(base);
    const allowed = placeholders(english.get(base)!);
    allowed.add("count");
    const extra = [...placeholders(text)].filter((name) => !allowed.has(name));
    if (extra.length) problems.push(`${key}: unknown placeholders ${extra.join(",")}`);
  }
  for (const base of withPlurals) {
    for (const category of categories) {
      if (!translated.has(`${base}_${category}`)) problems.push(`${base}_${category}: missing plural form`);
    }
  }
  return problems;
}

/** How many of en-gb's plain keys a translation has (`present` of `total`). */
export function countTranslated(englishJson: unknown, translationJson: unknown): { total: number; present: number } {
  const required = plainKeys(flatten(englishJson).strings);
  const translated = translationJson === undefined ? new Map<string, string>() : flatten(translationJson).strings;
  return { total: required.size, present: [...required].filter((key) => translated.has(key)).length };
}

/** Per namespace ("" = the shell): en-gb's key count and each language's translated count. */
export type LocaleStats = Record<string, { total: number; present: Record<string, number> }>;

/** Share (0–1) of the en-gb strings of the given namespaces a language translates. */
export function completeness(stats: LocaleStats, code: string, namespaces = Object.keys(stats)): number {
  let total = 0;
  let present = 0;
  for (const namespace of namespaces) {
    total += stats[namespace]?.total ?? 0;
    present += stats[namespace]?.present[code] ?? 0;
  }
  return total === 0 ? 0 : present / total;
}
