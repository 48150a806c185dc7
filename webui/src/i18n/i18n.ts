/**
 * A tiny typed translator. en-gb is the default language and the fallback for any key
 * missing in the chosen one. Plugins register their strings under their own id
 * (`accounts.*`) and get a translator typed by their own en-gb file.
 *
 * Other languages live in `locales/<code>.json` beside each en-gb.json and are loaded lazily,
 * only the chosen one (`registerLocales` takes an `import.meta.glob` of that folder). Plurals
 * use the built-in `Intl.PluralRules`: `t(key, {count})` tries `key_<category>`, then `key`.
 */
import { create } from "zustand";
import { getLocalSetting, setLocalSetting } from "../settings/localSettings";
import enGb from "./en-gb.json";
import { DEFAULT_LANGUAGE, intlLocale, isRightToLeft } from "./languageCodes";

export { DEFAULT_LANGUAGE, intlLocale, isRightToLeft };

export interface Dictionary {
  [key: string]: string | Dictionary;
}

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
/** `members_one` is a plural form of `members`: callers name the plain key only. */
type PlainKey<K extends string> = K extends `${string}_${PluralSuffix}` ? never : K;

/** Every dotted path to a string in a nested dictionary type (plural forms left out). */
export type TranslationKey<D> = {
  [K in keyof D & string]: D[K] extends string ? PlainKey<K> : `${K}.${TranslationKey<D[K]>}`;
}[keyof D & string];

export type TranslationVars = Record<string, string | number>;
export type Translator<D> = (key: TranslationKey<D>, vars?: TranslationVars) => string;

/** What `import.meta.glob("./locales/*.json", { import: "default" })` gives. */
export type LocaleFiles = Record<string, () => Promise<unknown>>;

const SHELL = "";
const dictionaries = new Map<string, Dictionary>([[DEFAULT_LANGUAGE, structuredClone(enGb) as Dictionary]]);
/** Per namespace ("" = the shell), the loader of each language's file. */
const localeSources = new Map<string, Map<string, () => Promise<Dictionary>>>();
/** `<language>\0<namespace>` of the files already loaded (or being loaded). */
const loadedFiles = new Map<string, Promise<void>>();

interface LanguageState {
  /** The language every `t()` reads; the app root re-renders from scratch when it changes. */
  language: string;
  /** The language whose files are loading, or null. */
  loading: string | null;
  filesLoaded: number;
  filesTotal: number;
}

export const useLanguageStore = create<LanguageState>(() => ({
  language: DEFAULT_LANGUAGE,
  loading: null,
  filesLoaded: 0,
  filesTotal: 0,
}));

export function getLanguage(): string {
  return useLanguageStore.getState().language;
}

function applyToDocument(code: string): void {
  document.documentElement.lang = intlLocale(code);
  document.documentElement.dir = isRightToLeft(code) ? "rtl" : "ltr";
}

/** The language code in a locale file's path (`./locales/de-de.json` → `de-de`). */
export function languageOfLocalePath(path: string): string | undefined {
  return /(?:^|\/)locales\/([^/]+)\.json$/.exec(path)?.[1];
}

/** Adds a plugin's strings for one language under the plugin's id. */
export function registerTranslations(language: string, namespace: string, strings: Dictionary): void {
  const dictionary = dictionaries.get(language) ?? {};
  if (namespace === SHELL) Object.assign(dictionary, strings);
  else dictionary[namespace] = strings;
  dictionaries.set(language, dictionary);
}

function loadFile(language: string, namespace: string): Promise<void> {
  const id = `${language}\0${namespace}`;
  let pending = loadedFiles.get(id);
  const load = localeSources.get(namespace)?.get(language);
  if (pending || !load) return pending ?? Promise.resolve();
  pending = load()
    .then((strings) => registerTranslations(language, namespace, strings))
    .catch((error: unknown) => {
      loadedFiles.delete(id); // a failed file falls back to en-gb now and is retried on the next switch
      console.warn(`Could not load the ${language} strings of ${namespace || "the shell"}`, error);
    });
  loadedFiles.set(id, pending);
  return pending;
}

/**
 * Makes a namespace's locale files known (`""` = the shell). Resolves once the current
 * language's file of it, if any, is loaded — a plugin is installed in the current language.
 */
export function registerLocales(namespace: string, files: LocaleFiles | undefined): Promise<void> {
  const byLanguage = new Map<string, () => Promise<Dictionary>>();
  for (const [path, load] of Object.entries(files ?? {})) {
    const language = languageOfLocalePath(path);
    if (language && language !== DEFAULT_LANGUAGE) byLanguage.set(language, load as () => Promise<Dictionary>);
  }
  localeSources.set(namespace, byLanguage);
  // Also the language being switched to, which may not have listed this namespace yet.
  const { language, loading } = useLanguageStore.getState();
  return Promise.all([loadFile(language, namespace), loading ? loadFile(loading, namespace) : undefined]).then(() => undefined);
}

let switches = 0;

/**
 * Switches the interface language (stored in `appLanguage`): loads its files (the shell's and
 * every registered plugin's), then every screen re-renders in it. Strings it lacks stay en-gb.
 */
export async function setLanguage(code: string): Promise<void> {
  setLocalSetting("appLanguage", code);
  const turn = ++switches;
  const namespaces = [...localeSources.keys()].filter((namespace) => localeSources.get(namespace)?.has(code));
  useLanguageStore.setState({ loading: code, filesLoaded: 0, filesTotal: namespaces.length });
  await Promise.all(
    namespaces.map(async (namespace) => {
      await loadFile(code, namespace);
      if (turn === switches) useLanguageStore.setState((state) => ({ filesLoaded: state.filesLoaded + 1 }));
    }),
  );
  // Namespaces registered meanwhile (plugins installed during the switch) started their own loads.
  await Promise.all([...loadedFiles].filter(([id]) => id.startsWith(`${code}\0`)).map(([, pending]) => pending));
  if (turn !== switches) return; // a later choice won
  applyToDocument(code);
  useLanguageStore.setState({ language: code, loading: null });
}

/** The stored language, applied at start-up (its files load in the background). */
export function restoreLanguage(): Promise<void> {
  applyToDocument(DEFAULT_LANGUAGE);
  const stored = getLocalSetting("appLanguage");
  return stored && stored !== DEFAULT_LANGUAGE ? setLanguage(stored) : Promise.resolve();
}

function lookUp(dictionary: Dictionary | undefined, path: string[]): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of path) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category (`one`, `few`, …) of a number in a language. */
export function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(intlLocale(language));
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function findTemplate(language: string, path: string[], count: number | undefined): string | undefined {
  const dictionary = dictionaries.get(language);
  if (count !== undefined) {
    const last = path.length - 1;
    const plural = [...path.slice(0, last), `${path[last]}_${pluralCategory(language, count)}`];
    const form = lookUp(dictionary, plural);
    if (form !== undefined) return form;
  }
  return lookUp(dictionary, path);
}

function interpolate(template: string, vars: TranslationVars | undefined): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    if (!(name in vars)) return match;
    const value = vars[name]!;
    return typeof value === "number" ? formatNumber(value) : value;
  });
}

let onMissing: ((namespace: string) => void) | undefined;

/** Told of a key found in no dictionary (its namespace's deferred strings may not be loaded yet). */
export function onMissingString(handler: (namespace: string) => void): void {
  onMissing = handler;
}

export function translate(fullKey: string, vars?: TranslationVars): string {
  const path = fullKey.split(".");
  const count = typeof vars?.count === "number" ? vars.count : undefined;
  const template = findTemplate(getLanguage(), path, count) ?? findTemplate(DEFAULT_LANGUAGE, path, count);
  if (template === undefined && path.length > 1) onMissing?.(path[0]!);
  return interpolate(template ?? fullKey, vars);
}

export function createTranslator<D>(namespace?: string): Translator<D> {
  return (key, vars) => translate(namespace ? `${namespace}.${key}` : key, vars);
}

/** The shell's own translator. */
export const t = createTranslator<typeof enGb>();

/**
 * Numbers in the current language. Grouping starts at five digits, so years and
 * four-digit counts read naturally ("2026", "12,345").
 */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const locale = intlLocale(getLanguage());
  return formatterFor(numberFormats, locale, options, () => new Intl.NumberFormat(locale, { useGrouping: "min2", ...options })).format(value);
}

/** Dates and times in the current language. */
export function formatDate(when: number | Date, options: Intl.DateTimeFormatOptions): string {
  const locale = intlLocale(getLanguage());
  return formatterFor(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options)).format(when);
}

// Making an Intl formatter costs far more than formatting with it (a channel's rows format a
// time each, and their tooltips a full date): one per language and options is kept.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const FORMATTERS_KEPT = 64;

function formatterFor<F>(cache: Map<string, F>, locale: string, options: object | undefined, make: () => F): F {
  const key = `${locale} ${options ? JSON.stringify(options) : ""}`;
  let formatter = cache.get(key);
  if (!formatter) {
    if (cache.size >= FORMATTERS_KEPT) cache.delete(cache.keys().next().value!);
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

void registerLocales(SHELL, import.meta.glob("./locales/*.json", { import: "default" }));
