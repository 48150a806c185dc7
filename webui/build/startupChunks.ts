/**
 * Groups what `/app` runs at start-up into few chunks. Left to itself the bundler splits that
 * code by which bundles share it into some 70 files of 1–3 KB, and brotli, which compresses each
 * file on its own, then sends a fifth more bytes than for the same code in a few files. So the
 * modules the app shell and the plugins' `web/index.ts` import statically go to:
 *
 * - `app-shell`: the shell's and the libraries' (what the public pages load stays in their entry);
 * - `app-<id>`: a plugin's modules that only its own start-up uses (its `index.ts` among them);
 * - `app-<id>-shared`: a plugin's modules that other plugins' start-up uses too (through its `public.ts`).
 *
 * A plugin the server does not run is still not downloaded, and its `index.ts` (which may register
 * things at load) never runs because another plugin imports its `public.ts`; what loads later
 * (pages, dialogs, panes) is left to the bundler.
 */
import type { Plugin, Rolldown } from "vite";

const SHELL_ROOT = /\/src\/app\/AppShell\.tsx$/;
const PUBLIC_ROOT = /\/src\/main\.tsx$/;
const PLUGIN_ROOT = /\/plugins\/([^/]+)\/web\/index\.ts$/;
const PLUGIN_MODULE = /\/plugins\/([^/]+)\/web\//;

type Graph = (id: string) => { importedIds: readonly string[] } | null;

function closure(roots: string[], graph: Graph, skip: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || skip.has(id)) return;
    seen.add(id);
    for (const imported of graph(id)?.importedIds ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

/** The chunk of each start-up module, by module id (see above). */
export function startupChunkNames(ids: readonly string[], graph: Graph): Map<string, string> {
  const publicPages = closure(ids.filter((id) => PUBLIC_ROOT.test(id)), graph);
  const plugins = ids.flatMap((id) => {
    const plugin = PLUGIN_ROOT.exec(id)?.[1];
    return plugin ? [{ plugin, modules: closure([id], graph, publicPages) }] : [];
  });
  const names = new Map<string, string>();
  for (const id of closure(ids.filter((id) => SHELL_ROOT.test(id)), graph, publicPages)) names.set(id, "app-shell");
  for (const { plugin, modules } of plugins) {
    for (const id of modules) {
      const owner = PLUGIN_MODULE.exec(id)?.[1];
      if (!owner) names.set(id, "app-shell");
      else if (owner !== plugin) names.set(id, `app-${owner}-shared`);
      else if (!names.has(id)) names.set(id, `app-${owner}`);
    }
  }
  return names;
}

export function startupChunks(): { plugin: Plugin; codeSplitting: Rolldown.OutputOptions["codeSplitting"] } {
  let names = new Map<string, string>();
  const plugin: Plugin = {
    name: "hearth-startup-chunks",
    apply: "build",
    buildEnd() {
      names = startupChunkNames([...this.getModuleIds()], (id) => this.getModuleInfo(id));
    },
  };
  return {
    plugin,
    // A grouped module's dependencies stay where the rest of the build puts them (the public pages keep theirs).
    codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: (id: string) => names.get(id) ?? null }] },
  };
}
