/** What the enabled plugins contributed to the shell. */
import type { ComponentType, LazyExoticComponent } from "react";
import { create } from "zustand";
import type { MessageRenderer, PluginNavEntry, PluginSettingsSection } from "./pluginTypes";

export interface MountedRoute {
  path: string;
  Component: LazyExoticComponent<ComponentType>;
}

interface PluginState {
  status: "idle" | "loading" | "ready" | "failed";
  routes: MountedRoute[];
  navEntries: PluginNavEntry[];
  /** The settings area's sidebar, in order (the shell's own sections and the plugins'). */
  settingsSections: PluginSettingsSection[];
  /** Ids of the installed plugin bundles, in installation order. */
  loadedIds: string[];
  /** Renderers of plugin-owned message types, by type number. */
  messageRenderers: Record<number, MessageRenderer>;
}

export const usePluginStore = create<PluginState>()(() => ({
  status: "idle",
  routes: [],
  navEntries: [],
  settingsSections: [],
  loadedIds: [],
  messageRenderers: {},
}));

/** The renderer a plugin contributed for this message type, if any. */
export function useMessageRenderer(type: number): MessageRenderer | undefined {
  return usePluginStore((state) => state.messageRenderers[type]);
}

/**
 * Whether a plugin's bundle is installed here (the server runs the plugin and the build has its
 * bundle). A bundle gates everything it shows from an `optional` plugin on this.
 */
export function usePluginLoaded(pluginId: string): boolean {
  return usePluginStore((state) => state.loadedIds.includes(pluginId));
}
