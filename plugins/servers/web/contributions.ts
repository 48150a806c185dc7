/**
 * What bundles that `require` servers add to its screens without the servers bundle importing
 * them: settings sections (emojis, welcome-screen, …), channel-editor tabs (webhooks) and
 * blocks on the server's welcome page. A bundle registers when its module loads (its index.ts),
 * which happens before any server page renders.
 */
import type { ComponentType } from "react";
import { create } from "zustand";
import type { SettingsSectionId } from "./permissions";

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
}

interface Contributions {
  sections: Partial<Record<SettingsSectionId, ComponentType<SettingsSectionProps>>>;
  channelTabs: ChannelEditorTab[];
  welcomeBlocks: ComponentType<{ serverId: string }>[];
}

export const useServerContributions = create<Contributions>()(() => ({ sections: {}, channelTabs: [], welcomeBlocks: [] }));

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
