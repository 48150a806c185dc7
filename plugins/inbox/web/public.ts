/** What other plugin bundles (those that `require` "inbox") may use from the inbox bundle. */
export { useInboxStore } from "./inboxStore";
export type { Inbox } from "./types";
export { inboxSlots, type ConversationContributionProps } from "./slots";
