/**
 * What bundles that `require` inbox add to its screens without the inbox bundle importing them:
 * actions in a conversation's header (voice: call).
 */
import type { ComponentType } from "react";
import { create } from "zustand";

export interface ConversationContributionProps {
  channelId: string;
  recipientId: string;
}

interface Contributions {
  headerActions: ComponentType<ConversationContributionProps>[];
}

export const useInboxContributions = create<Contributions>()(() => ({ headerActions: [] }));

/** Adds an action to every conversation's header. */
export function registerConversationHeaderAction(component: ComponentType<ConversationContributionProps>): void {
  useInboxContributions.setState((state) => ({
    headerActions: [...state.headerActions.filter((item) => item !== component), component],
  }));
}
