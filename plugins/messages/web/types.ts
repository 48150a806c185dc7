/** Wire shapes of channels, messages and read state (entities.md §5–6). Timestamps are epoch ms. */
import type { WornClan } from "../../clans/web/public";

/** Public user (entities.md §3.1) as embedded in messages, inboxes and friends. */
export interface PublicUser {
  id: string;
  username: string;
  tag: string;
  hexColor?: string | null;
  avatar?: string | null;
  banner?: string | null;
  badges?: number;
  bot?: boolean | null;
  joinedAt?: number;
  /** A webhook message's override avatar, an external URL ("a" + URL when animated, entities.md §6.6). */
  avatarUrl?: string;
  /** Where the context embeds it: message authors, DM recipients (entities.md §3.1). */
  profile?: { font?: number | null; clan?: WornClan | null } | null;
}

export const ChannelType = { DM_TEXT: 0, SERVER_TEXT: 1, CATEGORY: 2, TICKET: 3 } as const;

export interface Channel {
  id: string;
  type: number;
  name?: string | null;
  serverId?: string | null;
  categoryId?: string | null;
  createdById?: string | null;
  lastMessagedAt?: number | null;
  createdAt?: number;
  slowModeSeconds?: number | null;
  _count?: { attachments?: number };
}

export const MessageType = {
  CONTENT: 0,
  JOIN_SERVER: 1,
  LEAVE_SERVER: 2,
  KICK_USER: 3,
  BAN_USER: 4,
  CALL_STARTED: 5,
  BUMP_SERVER: 6,
  PINNED_MESSAGE: 7,
} as const;

/** Send states of a message that only this client has (spec §3 Message.sentStatus). */
export const SentStatus = { SENDING: 0, FAILED: 1 } as const;
export type SentStatusValue = (typeof SentStatus)[keyof typeof SentStatus];

export interface Attachment {
  id: string;
  provider?: "local" | "google_drive";
  fileId?: string | null;
  mime?: string | null;
  path?: string | null;
  width?: number | null;
  height?: number | null;
  filesize?: number | null;
  duration?: number | null;
  expireAt?: number | null;
  createdAt?: number;
  messageId?: string | null;
  channelId?: string | null;
}

export interface Reaction {
  name: string;
  emojiId: string | null;
  gif?: boolean | null;
  webp?: boolean | null;
  count: number;
  reacted: boolean;
}

export interface ReplyTarget {
  id: string;
  content: string;
  createdAt?: number;
  editedAt?: number | null;
  attachments?: Attachment[];
  createdBy: PublicUser;
}

export interface QuotedMessage extends ReplyTarget {
  channelId: string;
  mentions?: PublicUser[];
}

/** Open Graph / direct image preview of a message's first link (entities.md §6.4). */
export interface Embed {
  type?: string;
  title?: string;
  description?: string;
  siteName?: string;
  url?: string;
  origUrl?: string;
  domain?: string;
  imageUrl?: string;
  imageWidth?: number;
  imageHeight?: number;
  imageMime?: string;
  animated?: boolean;
  largeImage?: boolean;
}

export interface Message {
  id: string;
  channelId: string;
  type: number;
  content: string;
  createdAt: number;
  editedAt?: number | null;
  createdById?: string | null;
  createdBy: PublicUser;
  silent?: boolean | null;
  pinned?: boolean | null;
  mentionReplies?: boolean | null;
  mentions?: PublicUser[];
  roleMentions?: Array<{ id: string; name: string; hexColor?: string | null }>;
  quotedMessages?: QuotedMessage[];
  replyMessages?: Array<{ replyToMessage: ReplyTarget | null }>;
  attachments?: Attachment[];
  reactions?: Reaction[];
  /** Base64 of zlib-deflated JSON of a restricted HTML tree (entities.md §6.5). */
  htmlEmbed?: string | null;
  /** Link preview (entities.md §6.4), filled in after the message is sent. */
  embed?: Embed | null;
  buttons?: Array<{ id: string; label: string; alert?: boolean | null }>;
  webhookId?: string | null;
  creatorOverrideId?: number | null;

  // Local-only fields (spec §3 Message).
  /** Id this client gave the message before the server answered. */
  tempId?: string;
  /** 0 sending, 1 failed; absent once the server has the message. */
  sentStatus?: SentStatusValue;
  uploadingAttachment?: { name: string; progress: number; speed: number } | null;
  /** Exists only on this client (a pending send, or an error notice). */
  local?: boolean;
  /** A local notice in the channel (send or upload failure). */
  localError?: boolean;
  /** The message is being deleted. */
  deleting?: boolean;
}

export interface MessageMention {
  channelId: string;
  serverId: string | null;
  count: number;
  mentionedById?: string | null;
  mentionedBy?: PublicUser | null;
  createdAt?: number;
}

/** `message:created` (realtime.md §5.5). */
export interface MessageCreatedPayload {
  message: Message;
  socketId?: string;
  serverId?: string;
  member?: unknown;
}

export interface MessageUpdatedPayload {
  channelId: string;
  messageId: string;
  updated: Partial<Message>;
}

export interface MessageDeletedPayload {
  channelId: string;
  messageId: string;
  deletedAttachmentCount?: number;
}

export interface ReactionAddedPayload {
  reactedByUserId: string;
  messageId: string;
  channelId: string;
  emojiId: string | null;
  name: string;
  gif?: boolean | null;
  webp?: boolean | null;
  count: number;
}

export interface ReactionRemovedPayload {
  reactionRemovedByUserId: string;
  messageId: string;
  channelId: string;
  emojiId: string | null;
  name: string;
  count: number;
  gif?: boolean | null;
}
