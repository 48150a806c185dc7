/** The contract between the shell and a plugin's web bundle (`plugins/<id>/web/index.ts`). */
import type { ComponentType } from "react";
import type { Dictionary } from "../i18n/i18n";
import type { SocketHandler } from "../socket/socketClient";
import type { IconName } from "../ui/Icon";
import type { ShellExtensions } from "./extensions";

export interface PluginRoute {
  /** Relative to /app, e.g. "settings/account". */
  path: string;
  lazy: () => Promise<{ default: ComponentType }>;
}

export interface PluginNavEntry {
  id: string;
  /** Relative to /app. */
  to: string;
  icon: IconName;
  label: () => string;
  /** A hook giving a count to show on the entry (unread messages, pending requests); 0 hides it. */
  useBadge?: () => number;
}

export interface HearthWebPlugin {
  id: string;
  routes?: PluginRoute[];
  navEntries?: PluginNavEntry[];
  socketHandlers?: Record<string, SocketHandler>;
  /** Strings per language, reachable as `<id>.<key>`. */
  i18n?: Record<string, Dictionary>;
  /** Extension points this plugin fills for the shell and other plugins (see `extensions.tsx`). */
  extensions?: Partial<ShellExtensions>;
}

/** Identity helper that gives a plugin's default export its type. */
export const definePlugin = (plugin: HearthWebPlugin): HearthWebPlugin => plugin;
