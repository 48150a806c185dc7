// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function serverLists(plugins: Array<{ id: string; web: boolean }>) {
  const body = { plugins: plugins.map((plugin) => ({ ...plugin, name: plugin.id, version: "1.0.0" })) };
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 200 }));
}

/** Fresh modules per test: the loader remembers what it loaded. */
async function load() {
  const { loadEnabledPlugins } = await import("./pluginLoader");
  const { usePluginStore } = await import("./pluginStore");
  const { translate } = await import("../i18n/i18n");
  await loadEnabledPlugins();
  return { state: usePluginStore.getState(), translate };
}

/** The settings sections the shell itself owns, mounted before any plugin's routes. */
const SHELL_ROUTES = [
  "settings/interface",
  "settings/interface/custom-css",
  "settings/notifications",
  "settings/window-settings",
  "settings/language",
  "settings/developer",
  "settings/experiments",
  "settings/about",
];

describe("plugin loader", () => {
  it("mounts the bundles of plugins the server lists with a web part", async () => {
    serverLists([{ id: "accounts", web: true }]);
    const { state, translate } = await load();

    expect(fetchMock.mock.calls[0]![0]).toBe("/api/plugins");
    expect(state.status).toBe("ready");
    expect(state.routes.map((route) => route.path)).toEqual([...SHELL_ROUTES, "settings/account", "settings/badges", "settings/privacy"]);
    expect(state.navEntries.map((entry) => [entry.to, entry.label()])).toEqual([["settings", "Settings"]]);
    // The groups its start-up code reads are there at once; the rest comes with its first lazy module.
    expect(translate("accounts.nav.account")).toBe("Account");
    const { loadDeferredStrings } = await import("../i18n/deferredStrings");
    await loadDeferredStrings("accounts");
    expect(translate("accounts.password.submit")).toBe("Change password");
  });

  it("loads a plugin's deferred strings on the first key it misses", async () => {
    serverLists([{ id: "accounts", web: true }]);
    const { translate } = await load();

    expect(translate("accounts.password.submit")).toBe("accounts.password.submit");
    await vi.waitFor(() => expect(translate("accounts.password.submit")).toBe("Change password"));
  });

  it("lists the plugins' places in their rail order, not their loading order", async () => {
    serverLists([
      { id: "accounts", web: true },
      { id: "servers", web: true },
      { id: "explore", web: true },
    ]);
    const { state } = await load();
    expect(state.navEntries.map((entry) => entry.id)).toEqual(["explore", "settings"]);
  });

  it("leaves out plugins without a web part and ids with no bundle", async () => {
    serverLists([
      { id: "accounts", web: false },
      { id: "not-built-here", web: true },
    ]);
    const { state } = await load();

    expect(state.status).toBe("ready");
    expect(state.routes.map((route) => route.path)).toEqual(SHELL_ROUTES);
    expect(state.navEntries).toEqual([]);
  });

  it("fills the slots a bundle provides and remembers which bundles are installed", async () => {
    serverLists([
      { id: "accounts", web: true },
      { id: "presence", web: true },
    ]);
    const { state } = await load();
    const { shellSlots } = await import("./extensions");
    expect(state.loadedIds).toEqual(["accounts", "presence"]);
    expect(shellSlots.avatarIndicator.get()).toBeTypeOf("function");
    expect(shellSlots.userCards.get()).toBeUndefined();
  });

  it("puts the shell's and the plugins' settings sections in one ordered sidebar", async () => {
    serverLists([
      { id: "tickets", web: true },
      { id: "accounts", web: true },
      { id: "presence", web: true },
    ]);
    const { state } = await load();
    expect(state.settingsSections.map((section) => section.path)).toEqual([
      "account",
      "badges",
      "interface",
      "interface/custom-css",
      "notifications",
      "privacy",
      "window-settings",
      "activity-status",
      "language",
      "developer",
      "experiments",
      "about",
      "tickets",
    ]);
    expect(state.settingsSections.find((section) => section.id === "privacy")?.label()).toBe("Privacy");
  });

  it("leaves out the screens whose optional plugins the server does not run", async () => {
    const developer = "settings/developer/applications/:appId/bot";
    serverLists([{ id: "applications", web: true }]);
    const without = (await load()).state.routes.map((route) => route.path);
    expect(without).toContain(`${developer}/profile`);
    expect(without).not.toContain("explore/bots");
    expect(without).not.toContain(`${developer}/publish`);
    expect(without).not.toContain("bot/:appId");
    expect(without).not.toContain(`${developer}/create-link`);

    vi.resetModules();
    serverLists([
      { id: "servers", web: false },
      { id: "explore", web: false },
      { id: "applications", web: true },
    ]);
    const withBoth = (await load()).state.routes.map((route) => route.path);
    expect(withBoth).toEqual(expect.arrayContaining(["explore/bots", `${developer}/publish`, "bot/:appId", `${developer}/create-link`]));
  });

  it("reports failure when the server cannot be asked", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    await expect(load()).rejects.toEqual({ message: "Could not connect to server.", code: 0 });
    const { usePluginStore } = await import("./pluginStore");
    expect(usePluginStore.getState().status).toBe("failed");
  });
});
