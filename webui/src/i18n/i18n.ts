/**
 * A tiny typed translator. en-gb is the default language and the fallback for any key
 * missing in the chosen one. Plugins register their strings under their own id
 * (`accounts.*`) and get a translator typed by their own en-gb file.
 */
import { getLocalSetting, setLocalSetting } from "../settings/localSettings";
import enGb from "./en-gb.json";

const DEFAULT_LANGUAGE = "en-gb";

export interface Dictionary {
  [key: string]: string | Dictionary;
}

/** Every dotted path to a string in a nested dictionary type. */
export type TranslationKey<D> = {
  [K in keyof D & string]: D[K] extends string ? K : `${K}.${TranslationKey<D[K]>}`;
}[keyof D & string];

export type TranslationVars = Record<string, string | number>;
export type Translator<D> = (key: TranslationKey<D>, vars?: TranslationVars) => string;

const dictionaries = new Map<string, Dictionary>([[DEFAULT_LANGUAGE, structuredClone(enGb)]]);
let currentLanguage = getLocalSetting("appLanguage");

export function getLanguage(): string {
  return currentLanguage;
}

/** Stores the interface language (`appLanguage`); strings it lacks keep coming from en-gb. */
export function setLanguage(code: string): void {
  currentLanguage = code;
  setLocalSetting("appLanguage", code);
  document.documentElement.lang = code;
}

function countStrings(dictionary: Dictionary | undefined, reference: Dictionary): { total: number; present: number } {
  let total = 0;
  let present = 0;
  for (const [key, value] of Object.entries(reference)) {
    const own = dictionary?.[key];
    if (typeof value === "string") {
      total += 1;
      if (typeof own === "string") present += 1;
    } else {
      const counted = countStrings(typeof own === "object" ? own : undefined, value);
      total += counted.total;
      present += counted.present;
    }
  }
  return { total, present };
}

/** Share (0–1) of the en-gb strings (the shell's and the loaded plugins') a language translates. */
export function languageCompleteness(code: string): number {
  const reference = dictionaries.get(DEFAULT_LANGUAGE) ?? {};
  const { total, present } = countStrings(dictionaries.get(code), reference);
  return total === 0 ? 0 : present / total;
}

/** Adds a plugin's strings for one language under the plugin's id. */
export function registerTranslations(language: string, namespace: string, strings: Dictionary): void {
  const dictionary = dictionaries.get(language) ?? {};
  dictionary[namespace] = strings;
  dictionaries.set(language, dictionary);
}

function lookUp(dictionary: Dictionary | undefined, path: string[]): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of path) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(template: string, vars: TranslationVars | undefined): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

export function translate(fullKey: string, vars?: TranslationVars): string {
  const path = fullKey.split(".");
  const template =
    lookUp(dictionaries.get(currentLanguage), path) ?? lookUp(dictionaries.get(DEFAULT_LANGUAGE), path) ?? fullKey;
  return interpolate(template, vars);
}

export function createTranslator<D>(namespace?: string): Translator<D> {
  return (key, vars) => translate(namespace ? `${namespace}.${key}` : key, vars);
}

/** The shell's own translator. */
export const t = createTranslator<typeof enGb>();
