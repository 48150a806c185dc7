/** REST calls of message search (rest.md §3.2), reaction users (§3.13), buttons (§3.14) and the inbox of mentions (§1.27). */
import { request } from "@hearth/api/request";
import type { Message, PublicUser } from "./types";

const messagePath = (channelId: string, messageId: string) =>
  `/channels/${encodeURIComponent(channelId)}/messages/${encodeURIComponent(messageId)}`;

export interface SearchQuery {
  query?: string;
  before?: string;
  after?: string;
  limit?: number;
  order?: "asc" | "desc";
}

/** Matches oldest → newest within the page (the newest `limit` before the cursor). */
export function searchMessages(channelId: string, query: SearchQuery): Promise<Message[]> {
  return request<Message[]>({ path: `/channels/${encodeURIComponent(channelId)}/messages/search`, query: { ...query } });
}

export interface ReactedUser {
  user: PublicUser;
  reactedAt: number;
}

export function fetchReactionUsers(channelId: string, messageId: string, name: string, emojiId: string | null, limit = 50): Promise<ReactedUser[]> {
  return request<ReactedUser[]>({
    path: `${messagePath(channelId, messageId)}/reactions/users`,
    query: { name, limit, ...(emojiId ? { emojiId } : {}) },
  });
}

/** A click (or, with `data`, the answer to the author's popup form). */
export function clickMessageButton(channelId: string, messageId: string, buttonId: string, data?: Record<string, string>): Promise<unknown> {
  return request({
    method: "POST",
    path: `${messagePath(channelId, messageId)}/buttons/${encodeURIComponent(buttonId)}`,
    query: { type: data ? "modal_click" : "button_click" },
    ...(data ? { body: data } : {}),
  });
}

export interface MentionServer {
  id: string;
  name: string;
  avatar?: string | null;
  hexColor?: string | null;
}

export interface MentionNotification {
  id: string;
  server: MentionServer | null;
  serverMember: { id: string; nickname?: string | null } | null;
  message: Message | null;
}

export function fetchMentionNotifications(): Promise<MentionNotification[]> {
  return request<MentionNotification[]>({ path: "/users/notifications" });
}
