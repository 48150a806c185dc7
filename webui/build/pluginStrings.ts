/**
 * Every dynamic `import("./…")` of a plugin's web code (a page, a dialog, a panel) also waits for
 * the plugin's deferred strings (`webui/src/i18n/deferredStrings.ts`): lazily loaded code of a
 * plugin never renders before its strings. Imports of JSON (the strings themselves, the locales)
 * are left alone. It also serves `./en-gb.json?deferred`, the whole file as a chunk of its own.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

const RELATIVE_IMPORT = /\bimport\(\s*(["'])(\.{1,2}\/[^"'?]*?)\1\s*\)/g;
const HELPER = "__hearthWithStrings";

/** The plugin id owning a source file: `plugins/<id>/web/…`, or an installed bundle's folder. */
export function owningPlugin(file: string, installedDirs: Record<string, string> = {}): string | undefined {
  const path = file.split("?")[0]!;
  if (!/\.[cm]?[jt]sx?$/.test(path) || /\.test\.[jt]sx?$/.test(path)) return undefined;
  const firstParty = /\/plugins\/([^/]+)\/web\//.exec(path)?.[1];
  if (firstParty) return firstParty;
  return Object.entries(installedDirs).find(([, dir]) => path.startsWith(`${dir}/`))?.[0];
}

/** The code with its relative dynamic imports wrapped, or null when it has none. */
export function wrapLazyImports(code: string, pluginId: string): string | null {
  let wrapped = false;
  const out = code.replace(RELATIVE_IMPORT, (match, _quote: string, specifier: string) => {
    if (specifier.endsWith(".json")) return match;
    wrapped = true;
    return `${HELPER}(${JSON.stringify(pluginId)}, ${match})`;
  });
  // The helper's import goes last, on the last line, so that no line moves.
  return wrapped ? `${out}\nimport { withPluginStrings as ${HELPER} } from "@hearth/i18n/deferredStrings";` : null;
}

const STARTUP_GROUPS = /import\s*\{([^}]*)\}\s*from\s*["']\.\/en-gb\.json["']/;

/** The top-level groups of its en-gb file a deferring plugin's `index.ts` registers at start-up, or null if it defers nothing. */
export function startupGroups(indexSource: string): Set<string> | null {
  if (!/deferredStrings\s*:/.test(indexSource)) return null;
  const names = STARTUP_GROUPS.exec(indexSource)?.[1] ?? "";
  return new Set(names.split(",").map((name) => name.trim().split(/\s+as\s+/)[0]!).filter(Boolean));
}

/** Groups of `all` that code reads through its translator (`t("group.…")`) and `registered` lacks. */
export function unregisteredGroups(code: string, registered: ReadonlySet<string>, all: ReadonlySet<string>): string[] {
  const read = [...code.matchAll(/\bt\(\s*["'`]([A-Za-z0-9_]+)[.`$]/g)].map((match) => match[1]!);
  return [...new Set(read)].filter((group) => all.has(group) && !registered.has(group));
}

export function pluginStringsOnLazyLoad(installedDirs: Record<string, string>): Plugin {
  return {
    name: "hearth-plugin-strings-on-lazy-load",
    transform(code, id) {
      // `./en-gb.json?deferred`: the file as a module of its own, apart from the start-up groups.
      if (/\.json\?deferred$/.test(id)) return { code: `export default ${JSON.stringify(JSON.parse(code))};`, map: null };
      // Unit tests register whole en-gb files themselves and mock modules by their plain imports.
      if (process.env.VITEST) return null;
      const pluginId = owningPlugin(id, installedDirs);
      const out = pluginId ? wrapLazyImports(code, pluginId) : null;
      return out === null ? null : { code: out, map: null };
    },
    // A module of a deferring plugin that loads other than through the plugin's own import() (at
    // start-up, or in a chunk another bundle imports) may read only the groups registered at
    // start-up: the build fails rather than show a key in the plugin's menus and labels.
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const groupsOf = new Map<string, { registered: Set<string>; all: Set<string>; webDir: string } | null>();
      const deferring = (pluginId: string, id: string) => {
        if (!groupsOf.has(pluginId)) {
          const webDir = /^(.*\/web)\//.exec(id.split("?")[0]!)?.[1];
          const index = webDir && join(webDir, "index.ts");
          const registered = index && existsSync(index) ? startupGroups(readFileSync(index, "utf8")) : null;
          const all = registered && new Set(Object.keys(JSON.parse(readFileSync(join(webDir!, "en-gb.json"), "utf8")) as object));
          groupsOf.set(pluginId, registered && all ? { registered, all, webDir: webDir! } : null);
        }
        return groupsOf.get(pluginId);
      };
      const owners = new Map(ids.map((id) => [id, owningPlugin(id, installedDirs)] as const));
      const plugins = new Set([...owners].flatMap(([id, owner]) => (owner && deferring(owner, id) ? [owner] : [])));
      const entries = ids.filter((id) => info(id)?.isEntry);
      const problems: string[] = [];
      for (const pluginId of plugins) {
        const { registered, all, webDir } = groupsOf.get(pluginId)!;
        // What loads without one of the plugin's own dynamic imports.
        const unguarded = new Set<string>();
        const visit = (id: string) => {
          if (unguarded.has(id) || id.includes("/node_modules/")) return;
          unguarded.add(id);
          const module = info(id);
          for (const imported of module?.importedIds ?? []) visit(imported);
          if (owners.get(id) !== pluginId) for (const imported of module?.dynamicallyImportedIds ?? []) visit(imported);
        };
        entries.forEach(visit);
        for (const id of unguarded) {
          if (owners.get(id) !== pluginId) continue;
          const missing = unregisteredGroups(info(id)?.code ?? "", registered, all);
          if (missing.length) {
            problems.push(
              `${id} loads at start-up or through another bundle's import() and reads ` +
                `${missing.map((group) => `${pluginId}.${group}`).join(", ")}, which ${webDir}/index.ts defers: ` +
                `import ${missing.join(", ")} from "./en-gb.json" there too`,
            );
          }
        }
      }
      if (problems.length) this.error(problems.join("\n"));
    },
  };
}
