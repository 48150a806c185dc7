/**
 * Groups what a page runs at start-up into few chunks. Left to itself the bundler splits that code
 * by which bundles share it into some 70 files of 1–3 KB; brotli compresses each file on its own,
 * and every file starts again without the words the others taught it (one chunk for what the
 * plugins run at start-up costs 28% fewer bytes over the wire than a chunk per plugin). So:
 *
 * - `boot`: what every page runs (the entry's static imports: React, the router, i18n…);
 * - `app`: what `/app` adds, the modules the app shell and the plugins' `web/index.ts` import
 *   statically.
 *
 * The modules of a chunk all run when it loads. A plugin the server does not run must not act, so
 * a plugin's `index.ts` that does something at load (a statement other than imports, exports and
 * declarations, e.g. a `register…(…)` call) keeps a chunk of its own, `app-<id>`, loaded only for
 * an enabled plugin; an `index.ts` that only declares its plugin (`slots: [slot.fill(…)]`, which
 * the loader installs for enabled plugins alone) joins `app`. What loads later (pages, dialogs,
 * panes) is left to the bundler.
 */
import { parseAst, type Plugin, type Rolldown } from "vite";

const SHELL_ROOT = /\/src\/app\/AppShell\.tsx$/;
const PUBLIC_ROOT = /\/src\/main\.tsx$/;
const PLUGIN_ROOT = /\/plugins\/([^/]+)\/web\/index\.ts$/;

type Graph = (id: string) => { importedIds: readonly string[]; code?: string | null } | null;

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

const DECLARATIONS = new Set([
  "ImportDeclaration",
  "ExportNamedDeclaration",
  "ExportDefaultDeclaration",
  "ExportAllDeclaration",
  "VariableDeclaration",
  "FunctionDeclaration",
  "ClassDeclaration",
]);

/** Whether a module (its code as built) runs a statement at load beyond declaring things. */
export function actsAtLoad(code: string): boolean {
  return parseAst(code).body.some((statement) => !DECLARATIONS.has(statement.type));
}

/** The chunk of each start-up module, by module id (see above). */
export function startupChunkNames(ids: readonly string[], graph: Graph): Map<string, string> {
  const publicPages = closure(ids.filter((id) => PUBLIC_ROOT.test(id)), graph);
  const roots = ids.filter((id) => SHELL_ROOT.test(id) || PLUGIN_ROOT.test(id));
  const names = new Map<string, string>();
  for (const id of publicPages) if (!PUBLIC_ROOT.test(id)) names.set(id, "boot");
  for (const id of closure(roots, graph, publicPages)) {
    const plugin = PLUGIN_ROOT.exec(id)?.[1];
    const code = graph(id)?.code;
    // Code the bundler does not show is not known to be inert: it keeps its own chunk.
    names.set(id, plugin && (code == null || actsAtLoad(code)) ? `app-${plugin}` : "app");
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
