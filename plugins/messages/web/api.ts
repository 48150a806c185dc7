/** REST calls of channels and messages (rest.md §3). */
import { uploadToCdn } from "@hearth/api/cdn";
import { request } from "@hearth/api/request";
import type { UploadProgress } from "@hearth/api/upload";
import type { Attachment, Message, ReactionAddedPayload, ReactionRemovedPayload } from "./types";

const channelPath = (channelId: string) => `/channels/${encodeURIComponent(channelId)}`;
const messagePath = (channelId: string, messageId: string) => `${channelPath(channelId)}/messages/${encodeURIComponent(messageId)}`;

export interface MessagePageQuery {
  limit?: number;
  before?: string;
  after?: string;
  around?: string;
}

export function fetchMessages(channelId: string, query: MessagePageQuery): Promise<Message[]> {
  return request<Message[]>({ path: `${channelPath(channelId)}/messages`, query: { ...query } });
}

export interface CreateMessageBody {
  content?: string;
  htmlEmbed?: string;
  silent?: boolean;
  socketId?: string;
  replyToMessageIds?: string[];
  mentionReplies?: boolean;
  nerimityCdnFileId?: string;
}

export function createMessage(channelId: string, body: CreateMessageBody): Promise<Message> {
  return request<Message>({ method: "POST", path: `${channelPath(channelId)}/messages`, body });
}

export function editMessage(channelId: string, messageId: string, content: string): Promise<Message> {
  return request<Message>({ method: "PATCH", path: messagePath(channelId, messageId), body: { content } });
}

export function deleteMessage(channelId: string, messageId: string): Promise<unknown> {
  return request({ method: "DELETE", path: messagePath(channelId, messageId) });
}

/** Answers the raw tuple `[ok, error]` with HTTP 200 (rest.md §3.10). */
export async function markUnread(channelId: string, messageId: string): Promise<void> {
  const result = await request<unknown>({ method: "POST", path: `${messagePath(channelId, messageId)}/mark-unread` });
  if (Array.isArray(result) && result[0] === false) {
    const error = result[1];
    throw typeof error === "string" ? { message: error } : error;
  }
}

/** A custom emoji reaction sends its id and whether it is an animated GIF (rest.md §3.11). */
export function addReaction(channelId: string, messageId: string, name: string, emojiId: string | null, gif = false): Promise<ReactionAddedPayload> {
  return request({ method: "POST", path: `${messagePath(channelId, messageId)}/reactions`, body: { name, ...(emojiId ? { emojiId, gif } : {}) } });
}

/** DMs answer with the removal; server channels answer with the raw message row (rest.md §3.12). */
export function removeReaction(channelId: string, messageId: string, name: string, emojiId: string | null): Promise<ReactionRemovedPayload | unknown> {
  return request({ method: "POST", path: `${messagePath(channelId, messageId)}/reactions/remove`, body: { name, ...(emojiId ? { emojiId } : {}) } });
}

export function fetchPins(channelId: string, afterId?: string): Promise<{ messages: Message[] }> {
  return request({ path: `${channelPath(channelId)}/messages/pins`, query: { afterId } });
}

export function pinMessage(channelId: string, messageId: string): Promise<unknown> {
  return request({ method: "POST", path: `${channelPath(channelId)}/messages/pins/${encodeURIComponent(messageId)}` });
}

export function unpinMessage(channelId: string, messageId: string): Promise<unknown> {
  return request({ method: "DELETE", path: `${channelPath(channelId)}/messages/pins/${encodeURIComponent(messageId)}` });
}

export function sendTyping(channelId: string): Promise<unknown> {
  return request({ method: "POST", path: `${channelPath(channelId)}/typing` });
}

export function fetchAttachments(channelId: string, query: { limit?: number; after?: string } = {}): Promise<Attachment[]> {
  return request({ path: `${channelPath(channelId)}/attachments`, query: { ...query } });
}

/** Uploads a file for a message of this channel (the channel's upload token, groupId = channel id). */
export function uploadAttachment(channelId: string, file: File, onProgress: (progress: UploadProgress) => void): Promise<{ fileId: string }> {
  return uploadToCdn({ type: "attachments", groupId: channelId, channelId, file, onProgress });
}
