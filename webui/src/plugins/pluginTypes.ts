/** The contract between the shell and a plugin's web bundle (`plugins/<id>/web/index.ts`). */
import type { ComponentType } from "react";
import type { Dictionary, LocaleFiles } from "../i18n/i18n";
import type { SocketHandler } from "../socket/socketClient";
import type { IconName } from "../ui/Icon";
import type { SlotFill } from "./slots";

export interface PluginRoute {
  /** Relative to /app, e.g. "settings/account". */
  path: string;
  lazy: () => Promise<{ default: ComponentType }>;
  /** Optional plugins this screen is about: mounted only when the server runs every one (see `PluginNeeds`). */
  needs?: PluginNeeds;
}

/**
 * Ids of `optional` plugins a contribution depends on (applications' explore bots page: `["explore"]`).
 * The loader leaves the contribution out unless the server lists every one as enabled, so its
 * URL is the shell's "not found" and no entry leads to it.
 */
export type PluginNeeds = readonly string[];

export interface PluginNavEntry {
  id: string;
  /** Relative to /app. */
  to: string;
  icon: IconName;
  label: () => string;
  /** A hook giving a count to show on the entry (unread messages, pending requests); 0 hides it. */
  useBadge?: () => number;
  /** A hook saying whether to show the entry at all (moderation: staff only); shown when absent. */
  useVisible?: () => boolean;
  /** Optional plugins the entry leads to: left out unless the server runs every one. */
  needs?: PluginNeeds;
  /**
   * Place in the rail's list of places, lowest first (default 50): explore 10, mentions 20, inbox 30,
   * notifications 40, support 60, moderation 70, developer 80, settings 90.
   */
  order?: number;
}

/**
 * An entry of the settings area's sidebar (`/app/settings/<path>`). The page itself is one of
 * the plugin's `routes` (path `settings/<path>`); every `settings/…` route is drawn inside the
 * settings area, with the sidebar.
 */
export interface PluginSettingsSection {
  id: string;
  /** Relative to /app/settings, e.g. "account" or "developer/applications". */
  path: string;
  label: () => string;
  icon?: IconName;
  /** Position in the sidebar, lowest first (the shell's sections use multiples of 10). */
  order: number;
  /** A hook saying whether to list the section (window-settings: only in a desktop shell); listed when absent. */
  useVisible?: () => boolean;
  /** Optional plugins the section is about: left out unless the server runs every one. */
  needs?: PluginNeeds;
}

/** A message as a message renderer receives it (entities.md §6, the fields every message has). */
export interface RenderedMessage {
  id: string;
  channelId: string;
  type: number;
  content: string;
  createdAt: number;
  createdBy: { id: string; username: string };
}

/** Draws messages of a type a plugin owns, in place of the message list's "unsupported" row. */
export type MessageRenderer = ComponentType<{ message: RenderedMessage }>;

export interface HearthWebPlugin {
  id: string;
  routes?: PluginRoute[];
  navEntries?: PluginNavEntry[];
  settingsSections?: PluginSettingsSection[];
  socketHandlers?: Record<string, SocketHandler>;
  /**
   * Hearth's own events this plugin wants, asked for at authenticate (`features`, see
   * docs/protocol-extensions.md): the server sends them only to sockets that ask.
   */
  socketFeatures?: readonly string[];
  /** Strings per language, reachable as `<id>.<key>`. */
  i18n?: Record<string, Dictionary>;
  /**
   * The whole en-gb file when `i18n` holds only the groups the start-up code reads:
   * `() => import("./en-gb.json?deferred")`. Loaded with the plugin's first lazily imported module
   * (see `@hearth/i18n/deferredStrings`).
   */
  deferredStrings?: () => Promise<{ default: Dictionary }>;
  /**
   * The other languages' files, loaded lazily (only the chosen language):
   * `import.meta.glob("./locales/*.json", { import: "default" })`.
   */
  locales?: LocaleFiles;
  /** What this plugin provides to slots of the shell and of other plugins: `[slot.fill(value)]` (see `slots.ts`). */
  slots?: readonly SlotFill[];
  /**
   * Renderers of message types this plugin owns, by type number. The messages plugin draws its
   * own types (content and its system messages); the first plugin to claim a type keeps it.
   */
  messageRenderers?: Record<number, MessageRenderer>;
}

/** Identity helper that gives a plugin's default export its type. */
export const definePlugin = (plugin: HearthWebPlugin): HearthWebPlugin => plugin;
