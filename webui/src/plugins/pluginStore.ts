/** What the enabled plugins contributed to the shell. */
import type { ComponentType, LazyExoticComponent } from "react";
import { create } from "zustand";
import type { PluginNavEntry } from "./pluginTypes";

export interface MountedRoute {
  path: string;
  Component: LazyExoticComponent<ComponentType>;
}

interface PluginState {
  status: "idle" | "loading" | "ready" | "failed";
  routes: MountedRoute[];
  navEntries: PluginNavEntry[];
  /** Ids of the installed plugin bundles, in installation order. */
  loadedIds: string[];
}

export const usePluginStore = create<PluginState>()(() => ({ status: "idle", routes: [], navEntries: [], loadedIds: [] }));
