/**
 * The inbox bundle's slots (re-exported by `public.ts`): what other bundles add to its screens
 * without the inbox bundle importing them, drawn in the order the plugins loaded. Filling one
 * needs no `requires`: without inbox loaded nothing draws them.
 */
import { defineListSlot } from "@hearth/plugins/slots";
import type { ComponentType } from "react";

export interface ConversationContributionProps {
  channelId: string;
  recipientId: string;
}

export const inboxSlots = {
  /** Actions in every conversation's header (voice: call). */
  conversationHeaderActions: defineListSlot<ComponentType<ConversationContributionProps>>("inbox.conversationHeaderActions"),
  /** Actions beside the conversation list's title, each its own button (group_dms: new group). */
  conversationListActions: defineListSlot<ComponentType>("inbox.conversationListActions"),
  /** Entries of their own in the conversation list, above the DMs: a fragment of `<li>`s (group_dms: groups). */
  conversationListSections: defineListSlot<ComponentType>("inbox.conversationListSections"),
};
