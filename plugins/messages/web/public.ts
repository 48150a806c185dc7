/**
 * What other plugin bundles may use from the messages bundle (those that `require`
 * "messages" on the backend): the message pane, the shared-files grid, and the read state.
 */
export { MessagePane, type MessagePaneProps } from "./components/MessagePane";
export { AttachmentGallery } from "./components/AttachmentGallery";
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
export { registerDirectChannelPath } from "./store/channelPaths";
export type { Attachment, Channel, Message, MessageMention, PublicUser } from "./types";
export { withoutBotId } from "./components/commands";
