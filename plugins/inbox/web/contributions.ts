/**
 * What bundles that `require` inbox add to its screens without the inbox bundle importing them:
 * actions in a conversation's header (voice: call), and in the conversation list (Home's side
 * pane) actions beside its title and sections of their own above the DMs (group_dms: groups).
 */
import type { ComponentType } from "react";
import { create } from "zustand";

export interface ConversationContributionProps {
  channelId: string;
  recipientId: string;
}

interface Contributions {
  headerActions: ComponentType<ConversationContributionProps>[];
  listActions: ComponentType[];
  listSections: ComponentType[];
}

export const useInboxContributions = create<Contributions>()(() => ({ headerActions: [], listActions: [], listSections: [] }));

/** Adds an action to every conversation's header. */
export function registerConversationHeaderAction(component: ComponentType<ConversationContributionProps>): void {
  useInboxContributions.setState((state) => ({
    headerActions: [...state.headerActions.filter((item) => item !== component), component],
  }));
}

/** Adds an action beside the conversation list's title (its own button). */
export function registerConversationListAction(component: ComponentType): void {
  useInboxContributions.setState((state) => ({ listActions: [...state.listActions.filter((item) => item !== component), component] }));
}

/** Adds entries of its own to the conversation list, above the DMs (a fragment of `<li>`s). */
export function registerConversationListSection(component: ComponentType): void {
  useInboxContributions.setState((state) => ({ listSections: [...state.listSections.filter((item) => item !== component), component] }));
}
