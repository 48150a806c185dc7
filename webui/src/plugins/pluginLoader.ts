/**
 * Finds plugin web bundles at build time — first-party ones in `plugins/<id>/web/index.ts`,
 * installed third-party ones through `virtual:hearth-plugin-bundles` — and loads, lazily, only
 * those the server lists as enabled with a web part (`GET /api/plugins`).
 */
import { lazy } from "react";
import installedBundles from "virtual:hearth-plugin-bundles";
import { request } from "../api/request";
import { deferStrings } from "../i18n/deferredStrings";
import { registerLocales, registerTranslations } from "../i18n/i18n";
import { onSocketEvent } from "../socket/socketClient";
import { requestSocketFeature } from "../socket/socketLifecycle";
import { mergeSettingsSections } from "../settings/area/sectionList";
import { shellSettings } from "../settings/shellSettings";
import { usePluginStore } from "./pluginStore";
import type { HearthWebPlugin, PluginNeeds } from "./pluginTypes";
import { fillSlots } from "./slots";

interface ServerPlugin {
  id: string;
  name: string;
  version: string;
  web: boolean;
}

const bundles = import.meta.glob<HearthWebPlugin>("../../../plugins/*/web/index.ts", { import: "default" });

function pluginIdFromBundlePath(path: string): string | undefined {
  return /\/plugins\/([^/]+)\/web\/index\.ts$/.exec(path)?.[1];
}

const bundlesById = new Map<string, () => Promise<HearthWebPlugin>>([
  ...Object.entries(bundles).flatMap(([path, load]) => {
    const id = pluginIdFromBundlePath(path);
    return id ? [[id, load] as const] : [];
  }),
  ...Object.entries(installedBundles).map(([id, load]) => [id, async () => (await load()).default] as const),
]);

/** Contributions whose `needs` the server runs (all of them when nothing is needed). */
function available<T extends { needs?: PluginNeeds }>(items: T[] | undefined, enabled: ReadonlySet<string>): T[] {
  return (items ?? []).filter((item) => (item.needs ?? []).every((id) => enabled.has(id)));
}

/** Routes and settings sections, from a plugin or from the shell itself. */
function mount(plugin: Pick<HearthWebPlugin, "routes" | "navEntries" | "settingsSections">, enabled: ReadonlySet<string>): void {
  usePluginStore.setState(({ routes, navEntries, settingsSections }) => ({
    routes: [...routes, ...available(plugin.routes, enabled).map((route) => ({ path: route.path, Component: lazy(route.lazy) }))],
    navEntries: [...navEntries, ...available(plugin.navEntries, enabled)].sort((a, b) => (a.order ?? 50) - (b.order ?? 50)),
    settingsSections: mergeSettingsSections(settingsSections, available(plugin.settingsSections, enabled)),
  }));
}

function install(plugin: HearthWebPlugin, enabled: ReadonlySet<string>): void {
  for (const [language, strings] of Object.entries(plugin.i18n ?? {})) {
    registerTranslations(language, plugin.id, strings);
  }
  const { deferredStrings } = plugin;
  if (deferredStrings) deferStrings(plugin.id, async () => (await deferredStrings()).default);
  for (const [event, handler] of Object.entries(plugin.socketHandlers ?? {})) {
    onSocketEvent(event, handler);
  }
  for (const feature of plugin.socketFeatures ?? []) requestSocketFeature(feature);
  fillSlots(plugin.slots ?? []);
  usePluginStore.setState(({ loadedIds, messageRenderers }) => ({
    loadedIds: [...loadedIds, plugin.id],
    messageRenderers: { ...plugin.messageRenderers, ...messageRenderers }, // the first claim keeps a type
  }));
  mount(plugin, enabled);
}

let shellMounted = false;

async function loadPlugins(): Promise<void> {
  usePluginStore.setState({ status: "loading" });
  const { plugins } = await request<{ plugins: ServerPlugin[] }>({ path: "/plugins" });
  const enabled = new Set(plugins.map((plugin) => plugin.id)); // with or without a web part
  if (!shellMounted) mount(shellSettings, enabled); // the shell's own settings sections, before any plugin's
  shellMounted = true;
  const loads = plugins.filter((plugin) => plugin.web).flatMap((plugin) => bundlesById.get(plugin.id) ?? []);
  const loaded = await Promise.all(loads.map((load) => load()));
  // Each plugin comes in already speaking the current language.
  await Promise.all(loaded.map((plugin) => registerLocales(plugin.id, plugin.locales)));
  for (const plugin of loaded) install(plugin, enabled);
  usePluginStore.setState({ status: "ready" });
}

let loading: Promise<void> | null = null;

/** Loads the enabled plugins once; a failed attempt is retried on the next call. */
export function loadEnabledPlugins(): Promise<void> {
  loading ??= loadPlugins().catch((error: unknown) => {
    loading = null;
    usePluginStore.setState({ status: "failed" });
    throw error;
  });
  return loading;
}
