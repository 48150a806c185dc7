import { describe, expect, it } from "vitest";
import { owningPlugin, startupGroups, unregisteredGroups, wrapLazyImports } from "./pluginStrings";

describe("plugin strings on lazy load", () => {
  it("finds the plugin owning a source file, first-party or installed", () => {
    expect(owningPlugin("/repo/plugins/search/web/openSearch.tsx")).toBe("search");
    expect(owningPlugin("/repo/plugins/search/web/index.ts?v=1")).toBe("search");
    expect(owningPlugin("/site/hearth_polls/web/Poll.tsx", { polls: "/site/hearth_polls/web" })).toBe("polls");
    expect(owningPlugin("/repo/webui/src/app/AppShell.tsx")).toBeUndefined();
    expect(owningPlugin("/repo/plugins/search/web/en-gb.json")).toBeUndefined();
    expect(owningPlugin("/repo/plugins/search/web/openSearch.test.tsx")).toBeUndefined();
  });

  it("makes the plugin's relative dynamic imports wait for its strings, without moving a line", () => {
    const code = 'const a = () => import("./SearchDialog");\nconst b = () => import(\'../web/Other.tsx\');\n';
    const out = wrapLazyImports(code, "search")!;
    expect(out.split("\n").slice(0, 2)).toEqual([
      'const a = () => __hearthWithStrings("search", import("./SearchDialog"));',
      "const b = () => __hearthWithStrings(\"search\", import('../web/Other.tsx'));",
    ]);
    expect(out).toContain('import { withPluginStrings as __hearthWithStrings } from "@hearth/i18n/deferredStrings";');
  });

  it("leaves JSON, packages and code without dynamic imports alone", () => {
    expect(wrapLazyImports('const l = { de: () => import("./locales/de-de.json") };', "search")).toBeNull();
    expect(wrapLazyImports('const s = () => import("./en-gb.json?deferred");', "search")).toBeNull();
    expect(wrapLazyImports('const c = () => import("chart.js");', "moderation")).toBeNull();
    expect(wrapLazyImports("export const x = 1;", "search")).toBeNull();
  });
});

describe("start-up reads of deferred strings", () => {
  it("reads the groups a deferring plugin registers at start-up", () => {
    const index = 'import { nav, notices } from "./en-gb.json";\ndefinePlugin({ i18n: { "en-gb": { nav, notices } }, deferredStrings: () => import("./en-gb.json?deferred") });';
    expect(startupGroups(index)).toEqual(new Set(["nav", "notices"]));
    expect(startupGroups('definePlugin({ deferredStrings: () => import("./en-gb.json?deferred") });')).toEqual(new Set());
    expect(startupGroups('import enGb from "./en-gb.json";\ndefinePlugin({ i18n: { "en-gb": enGb } });')).toBeNull();
  });

  it("names the deferred groups that start-up code reads through its translator", () => {
    const all = new Set(["nav", "notices", "dialog", "audit"]);
    const code = 't("nav.title"); t(`notices.${kind}`); t("dialog.ok", { n: 1 }); format("audit.x"); t("other.x");';
    expect(unregisteredGroups(code, new Set(["nav"]), all)).toEqual(["notices", "dialog"]);
    expect(unregisteredGroups(code, new Set(["nav", "notices", "dialog"]), all)).toEqual([]);
  });
});
