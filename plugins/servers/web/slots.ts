/**
 * The servers bundle's slots (re-exported by `public.ts`): what other bundles add to its screens
 * without the servers bundle importing them. Filling one needs no `requires`: without servers
 * loaded nothing draws them. Settings sections and channel-editor tabs are keyed by id (the last
 * plugin loaded wins an id); what is drawn beside a channel by its `order`; the other lists in the
 * order the plugins loaded.
 */
import { defineListSlot } from "@hearth/plugins/slots";
import type { ComponentType } from "react";
import type { SettingsSectionId } from "./permissions";
import type { ServerChannel } from "./types";

export interface SettingsSectionProps {
  serverId: string;
  /** Path parts after the section id, e.g. ["<questionId>"] for welcome-screen/{questionId}. */
  rest: string[];
}

/** What fills one of the server settings sections of spec §6 (its permission stays the one in `SETTINGS_SECTIONS`). */
export interface ServerSettingsSection {
  id: SettingsSectionId;
  Component: ComponentType<SettingsSectionProps>;
}

export interface ChannelEditorTabProps {
  serverId: string;
  channelId: string;
  /** Path parts after the tab id, e.g. ["<webhookId>"] for webhooks/{webhookId}. */
  rest: string[];
}

export interface ChannelEditorTab {
  id: string;
  label: () => string;
  component: ComponentType<ChannelEditorTabProps>;
  /** Shown for categories too (default: text channels only). */
  categories?: boolean;
  /** Shown only for channels of these types, to whoever may edit the channel (default: admins, text channels). */
  types?: number[];
}

/**
 * A kind of server channel another bundle brings (forums: type 15): drawn by its own view in
 * place of the message pane, with its own glyph in the list, and created from the server menu.
 */
export interface ChannelKindContribution {
  type: number;
  view: ComponentType<{ serverId: string; channel: ServerChannel }>;
  glyph: ComponentType;
  /** The server menu's entry for moderators (MANAGE_CHANNELS). */
  createLabel: () => string;
  create: (serverId: string, onCreated: (channelId: string) => void) => void;
}

/** A text channel of a server, as extras in the channel list and actions in its header see it. */
export interface ChannelContributionProps {
  serverId: string;
  channelId: string;
}

/** Something drawn beside a text channel; lowest `order` first (threads 10, voice 20). */
export interface ChannelContribution {
  order: number;
  Component: ComponentType<ChannelContributionProps>;
}

/** A tab of the "Add a server" dialog beside create and join (server_transfer: import a server file). */
export interface AddServerTab {
  id: string;
  label: () => string;
  /** `close` ends the dialog (after opening the made server, for example). */
  Component: ComponentType<{ close: () => void }>;
}

const byOrder = (a: ChannelContribution, b: ChannelContribution) => a.order - b.order;

export const serverSlots = {
  /** Server settings sections another plugin draws (emojis, welcome-screen, clan, security…). */
  settingsSections: defineListSlot<ServerSettingsSection>("servers.settingsSections"),
  /** Tabs of the channel editor, shown to admins (webhooks: an ADMIN matter, spec §6). */
  channelEditorTabs: defineListSlot<ChannelEditorTab>("servers.channelEditorTabs"),
  /** Blocks under the server's welcome page header (welcome questions). */
  welcomeBlocks: defineListSlot<ComponentType<{ serverId: string }>>("servers.welcomeBlocks"),
  /** Something under each text channel of the channel list (voice: who is in its call; threads: followed threads). */
  channelItemExtras: defineListSlot<ChannelContribution>("servers.channelItemExtras", { compare: byOrder }),
  /** Actions in a text channel's header (voice: join its call; threads: the threads button). */
  channelHeaderActions: defineListSlot<ChannelContribution>("servers.channelHeaderActions", { compare: byOrder }),
  /** Tabs of the "Add a server" dialog after create and join, in the order the plugins loaded. */
  addServerTabs: defineListSlot<AddServerTab>("servers.addServerTabs"),
  /** Kinds of channel other bundles bring (forums), one per type. */
  channelKinds: defineListSlot<ChannelKindContribution>("servers.channelKinds"),
};

/** The brought kind of channel ``type``, if a bundle brought it (the last one loaded wins a type). */
export function useChannelKind(type: number | undefined): ChannelKindContribution | undefined {
  const kinds = serverSlots.channelKinds.use();
  return type === undefined ? undefined : kinds.findLast((kind) => kind.type === type);
}

type Sections = Partial<Record<SettingsSectionId, ComponentType<SettingsSectionProps>>>;

/** The filled settings sections by id; a later plugin's component replaces an earlier one's. */
export function sectionsById(sections: readonly ServerSettingsSection[]): Sections {
  return Object.fromEntries(sections.map(({ id, Component }) => [id, Component])) as Sections;
}

/** One tab per id, the last plugin's, placed where that plugin's came. */
export function channelEditorTabs(tabs: readonly ChannelEditorTab[]): ChannelEditorTab[] {
  return tabs.filter((tab, index) => !tabs.slice(index + 1).some((later) => later.id === tab.id));
}
