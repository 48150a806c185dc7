/**
 * What bundles that `require` servers add to its screens without the servers bundle importing
 * them: settings sections (emojis, welcome-screen, …), channel-editor tabs (webhooks), blocks on
 * the server's welcome page, and extras under each channel of the list and actions in a channel's
 * header (voice). A bundle registers when its module loads (its index.ts),
 * which happens before any server page renders.
 */
import type { ComponentType } from "react";
import { create } from "zustand";
import type { SettingsSectionId } from "./permissions";
import type { ServerChannel } from "./types";

export interface SettingsSectionProps {
  serverId: string;
  /** Path parts after the section id, e.g. ["<questionId>"] for welcome-screen/{questionId}. */
  rest: string[];
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

interface Contributions {
  sections: Partial<Record<SettingsSectionId, ComponentType<SettingsSectionProps>>>;
  channelTabs: ChannelEditorTab[];
  welcomeBlocks: ComponentType<{ serverId: string }>[];
  channelItemExtras: ComponentType<ChannelContributionProps>[];
  channelHeaderActions: ComponentType<ChannelContributionProps>[];
  channelKinds: ChannelKindContribution[];
  /** A bundle shows its own panel in the right drawer (threads: a thread), in place of the members. */
  drawerTaken: boolean;
}

export const useServerContributions = create<Contributions>()(() => ({
  sections: {},
  channelTabs: [],
  welcomeBlocks: [],
  channelItemExtras: [],
  channelHeaderActions: [],
  channelKinds: [],
  drawerTaken: false,
}));

/** While true, a channel page leaves the right drawer to the bundle that took it (it fills the drawer slots itself). */
export function setChannelDrawerTaken(taken: boolean): void {
  useServerContributions.setState({ drawerTaken: taken });
}

/** Fills a settings section (its permission stays the one of spec §6 in `SETTINGS_SECTIONS`). */
export function registerSettingsSection(id: SettingsSectionId, component: ComponentType<SettingsSectionProps>): void {
  useServerContributions.setState((state) => ({ sections: { ...state.sections, [id]: component } }));
}

/** Adds a tab to the channel editor, shown to admins (webhooks are an ADMIN matter, spec §6). */
export function registerChannelEditorTab(tab: ChannelEditorTab): void {
  useServerContributions.setState((state) => ({ channelTabs: [...state.channelTabs.filter((item) => item.id !== tab.id), tab] }));
}

/** Adds a block under the server's welcome page header (e.g. welcome questions). */
export function registerWelcomeBlock(component: ComponentType<{ serverId: string }>): void {
  useServerContributions.setState((state) => ({ welcomeBlocks: [...state.welcomeBlocks.filter((item) => item !== component), component] }));
}

/** Adds something under each text channel of the channel list (e.g. who is in its call). */
export function registerChannelItemExtra(component: ComponentType<ChannelContributionProps>): void {
  useServerContributions.setState((state) => ({
    channelItemExtras: [...state.channelItemExtras.filter((item) => item !== component), component],
  }));
}

/** Adds an action to a text channel's header (e.g. join its call). */
export function registerChannelHeaderAction(component: ComponentType<ChannelContributionProps>): void {
  useServerContributions.setState((state) => ({
    channelHeaderActions: [...state.channelHeaderActions.filter((item) => item !== component), component],
  }));
}

/** Adds a kind of channel (its view, glyph and "create" entry), e.g. forum channels. */
export function registerChannelKind(kind: ChannelKindContribution): void {
  useServerContributions.setState((state) => ({ channelKinds: [...state.channelKinds.filter((item) => item.type !== kind.type), kind] }));
}

/** The contributed kind of ``type``, if a bundle brought it. */
export function useChannelKind(type: number | undefined): ChannelKindContribution | undefined {
  return useServerContributions((state) => state.channelKinds.find((kind) => kind.type === type));
}
