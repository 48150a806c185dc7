import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// An installed third-party plugin's bundle, as `virtual:hearth-plugin-bundles` lists it.
vi.mock("virtual:hearth-plugin-bundles", () => ({
  default: {
    hello: async () => ({
      default: {
        id: "hello",
        routes: [{ path: "hello", lazy: async () => ({ default: () => null }) }],
        navEntries: [{ id: "hello", to: "hello", icon: "smile", label: () => "Hello" }],
        messageRenderers: { 99: () => null },
      },
    }),
  },
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function serverLists(ids: string[]) {
  const plugins = ids.map((id) => ({ id, name: id, version: "1.0.0", web: true }));
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ plugins }), { status: 200 }));
}

describe("installed third-party bundles", () => {
  it("are mounted like first-party ones when the server runs the plugin", async () => {
    serverLists(["accounts", "hello"]);
    const { loadEnabledPlugins } = await import("./pluginLoader");
    const { usePluginStore } = await import("./pluginStore");
    await loadEnabledPlugins();
    const state = usePluginStore.getState();
    expect(state.loadedIds).toEqual(["accounts", "hello"]);
    expect(state.routes.map((route) => route.path)).toContain("hello");
    expect(state.navEntries.map((entry) => entry.to)).toContain("hello");
    expect(state.messageRenderers[99]).toBeTypeOf("function");
  });

  it("stay out when the server does not list the plugin (disabled there)", async () => {
    serverLists(["accounts"]);
    const { loadEnabledPlugins } = await import("./pluginLoader");
    const { usePluginStore } = await import("./pluginStore");
    await loadEnabledPlugins();
    expect(usePluginStore.getState().loadedIds).toEqual(["accounts"]);
    expect(usePluginStore.getState().navEntries.map((entry) => entry.to)).not.toContain("hello");
  });
});
