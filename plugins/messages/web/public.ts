/**
 * What other plugin bundles may use from the messages bundle (those that `require`
 * "messages" on the backend): the message pane, the shared-files grid, and the read state.
 */
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import type { MessagePaneProps } from "./components/MessagePane";

// The panes' code (the list, the composer, the emoji picker…) loads when a conversation is first
// opened, not with the read state that every bundle needs at start-up.
export const MessagePane = lazyComponent<MessagePaneProps>(async () => (await import("./components/MessagePane")).MessagePane, PaneLoading);
export const AttachmentGallery = lazyComponent(async () => (await import("./components/AttachmentGallery")).AttachmentGallery, PaneLoading);
export type { MessagePaneProps };
export type { MessagePermissions } from "./components/paneContext";
export {
  markChannelRead,
  setChannelLastSeen,
  upsertChannel,
  useChannel,
  useDirectUnreadTotal,
  useMentionCount,
  useReadState,
} from "./store/readState";
export { useTypingUserIds } from "./store/typingStore";
export type { Attachment, Channel, Message, MessageMention, PublicUser } from "./types";
export { withoutBotId } from "./components/commands";
export {
  messageSlots,
  directChannelPath,
  type ChannelCommand,
  type ChannelSearchButtonProps,
  type ComposerButtonProps,
  type DirectChannelPath,
  type MessageMenuTarget,
  type ServerMessageContext,
  type ServerMessageInput,
} from "./slots";
