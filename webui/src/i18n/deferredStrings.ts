/**
 * A plugin's strings that only its lazily loaded code uses stay out of start-up. The plugin
 * registers, at start-up, the en-gb groups its start-up code reads (`i18n`) and gives the loader
 * of its whole en-gb file (`deferredStrings`); the build makes every `import("./…")` inside the
 * plugin's `web/` folder wait for that file too (`withPluginStrings`, see
 * `webui/build/pluginStrings.ts`), so a page, dialog or panel of the plugin renders only once its
 * strings are there. The chosen language's file is not affected: it is loaded whole at start-up.
 */
import { DEFAULT_LANGUAGE, onMissingString, registerTranslations, type Dictionary } from "./i18n";

const loaders = new Map<string, () => Promise<Dictionary>>();
const loads = new Map<string, Promise<void>>();

/** Makes known the loader of a namespace's whole en-gb strings (the plugin loader calls it). */
export function deferStrings(namespace: string, load: () => Promise<Dictionary>): void {
  loaders.set(namespace, load);
}

/** Loads a namespace's deferred en-gb strings once; resolves at once when it has none. */
export function loadDeferredStrings(namespace: string): Promise<void> {
  const load = loaders.get(namespace);
  if (!load) return Promise.resolve();
  let pending = loads.get(namespace);
  if (!pending) {
    pending = load()
      .then((strings) => registerTranslations(DEFAULT_LANGUAGE, namespace, strings))
      .catch((error: unknown) => {
        loads.delete(namespace); // retried by the next lazy load; the module's own import reports the failure
        console.warn(`Could not load the strings of ${namespace}`, error);
      });
    loads.set(namespace, pending);
  }
  return pending;
}

/** A lazily imported module of a plugin, resolved once the plugin's deferred strings are loaded too. */
export async function withPluginStrings<M>(namespace: string, module: Promise<M>): Promise<M> {
  const [loaded] = await Promise.all([module, loadDeferredStrings(namespace)]);
  return loaded;
}

// A safety net for code that reaches a plugin's strings other than through the plugin's own lazy
// imports: the first missing key starts the load, and later renders find the strings.
onMissingString((namespace) => void loadDeferredStrings(namespace));
