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
}

export const usePluginStore = create<PluginState>()(() => ({ status: "idle", routes: [], navEntries: [] }));
