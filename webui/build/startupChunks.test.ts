import { describe, expect, it } from "vitest";
import { actsAtLoad, startupChunkNames } from "./startupChunks";

const INERT = `import a from "./a"; const b = () => 1; export default definePlugin({ id: "x", slots: [s.fill(a)] });`;
const ACTS = `import a from "./a"; registerSomething(a); export default definePlugin({ id: "y" });`;

const modules: Record<string, { importedIds: string[]; code?: string | null }> = {
  "/r/webui/src/main.tsx": { importedIds: ["/r/webui/src/router.tsx"] },
  "/r/webui/src/router.tsx": { importedIds: ["/r/node_modules/react/index.js"] },
  "/r/node_modules/react/index.js": { importedIds: [] },
  "/r/webui/src/app/AppShell.tsx": { importedIds: ["/r/webui/src/app/Layout.tsx", "/r/node_modules/react/index.js"] },
  "/r/webui/src/app/Layout.tsx": { importedIds: [] },
  "/r/plugins/quiet/web/index.ts": { importedIds: ["/r/plugins/quiet/web/Page.tsx"], code: INERT },
  "/r/plugins/quiet/web/Page.tsx": { importedIds: [] },
  "/r/plugins/busy/web/index.ts": { importedIds: ["/r/plugins/busy/web/store.ts", "/r/plugins/quiet/web/Page.tsx"], code: ACTS },
  "/r/plugins/busy/web/store.ts": { importedIds: [] },
  "/r/plugins/unseen/web/index.ts": { importedIds: [], code: null },
};
const graph = (id: string) => modules[id] ?? null;

describe("start-up chunks", () => {
  it("tells a module that only declares from one that acts at load", () => {
    expect(actsAtLoad(INERT)).toBe(false);
    expect(actsAtLoad(ACTS)).toBe(true);
    expect(actsAtLoad(`export const x = 1; if (window.y) run();`)).toBe(true);
  });

  it("puts what every page runs in boot, and the shell's and plugins' start-up in app, but an acting index.ts in its own chunk", () => {
    const names = startupChunkNames(Object.keys(modules), graph);
    expect(Object.fromEntries(names)).toEqual({
      "/r/webui/src/router.tsx": "boot",
      "/r/node_modules/react/index.js": "boot",
      "/r/webui/src/app/AppShell.tsx": "app",
      "/r/webui/src/app/Layout.tsx": "app",
      "/r/plugins/quiet/web/index.ts": "app",
      "/r/plugins/quiet/web/Page.tsx": "app",
      "/r/plugins/busy/web/index.ts": "app-busy",
      "/r/plugins/busy/web/store.ts": "app",
      "/r/plugins/unseen/web/index.ts": "app-unseen",
    });
  });
});
