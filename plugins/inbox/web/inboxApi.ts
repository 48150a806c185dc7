/** Opening and closing direct messages (rest.md §1.23, §3.18). */
import { request } from "@hearth/api/request";
import { inboxClosed, inboxOpened } from "./inboxStore";
import type { Inbox } from "./types";

export const inboxPath = (channelId: string) => `/app/inbox/${channelId}`;

/** Opens (or re-opens) the conversation with a user and resolves with its /app path. */
export async function openDirectMessage(userId: string): Promise<string> {
  const inbox = await request<Inbox>({ method: "POST", path: `/users/${encodeURIComponent(userId)}/open-channel` });
  inboxOpened(inbox);
  return inboxPath(inbox.channelId);
}

export async function closeDirectMessage(channelId: string): Promise<void> {
  await request({ method: "DELETE", path: `/channels/${encodeURIComponent(channelId)}` });
  inboxClosed({ channelId });
}
