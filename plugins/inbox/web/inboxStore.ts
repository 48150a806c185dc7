/** The open direct-message conversations (realtime.md §3.4 `inbox`, §5.2 `inbox:opened` / `inbox:closed`). */
import { create } from "zustand";
import { setChannelLastSeen, upsertChannel, type Channel, type PublicUser } from "../../messages/web/public";
import type { Inbox } from "./types";

interface InboxState {
  /** By channel id. */
  inboxes: Record<string, Inbox>;
  /** The authenticated payload has arrived at least once. */
  ready: boolean;
}

export const useInboxStore = create<InboxState>()(() => ({ inboxes: {}, ready: false }));

export function inboxAuthenticated(list: Inbox[] | undefined): void {
  const inboxes: Record<string, Inbox> = {};
  for (const inbox of list ?? []) {
    if (inbox.closed) continue;
    inboxes[inbox.channelId] = inbox;
    setChannelLastSeen(inbox.channelId, inbox.lastSeen);
  }
  useInboxStore.setState({ inboxes, ready: true });
}

/** `inbox:opened`, and the reply of `POST /users/:id/open-channel`. */
export function inboxOpened(inbox: Inbox): void {
  if (inbox.channel) upsertChannel(inbox.channel);
  setChannelLastSeen(inbox.channelId, inbox.lastSeen);
  const { channel: _channel, ...entry } = inbox;
  useInboxStore.setState(({ inboxes }) => ({ inboxes: { ...inboxes, [inbox.channelId]: { ...entry, closed: false } } }));
}

export function inboxClosed({ channelId }: { channelId: string }): void {
  useInboxStore.setState(({ inboxes }) => {
    if (!inboxes[channelId]) return {};
    const { [channelId]: _closed, ...rest } = inboxes;
    return { inboxes: rest };
  });
}

/** `user:updated`: a recipient changed their name or picture. */
export function recipientUpdated({ userId, updated }: { userId: string; updated: Partial<PublicUser> }): void {
  useInboxStore.setState(({ inboxes }) => {
    let changed = false;
    const next = Object.fromEntries(
      Object.entries(inboxes).map(([channelId, inbox]) => {
        if (inbox.recipientId !== userId) return [channelId, inbox];
        changed = true;
        return [channelId, { ...inbox, recipient: { ...inbox.recipient, ...updated } }];
      }),
    );
    return changed ? { inboxes: next } : {};
  });
}

export function findInboxByRecipient(userId: string): Inbox | undefined {
  return Object.values(useInboxStore.getState().inboxes).find((inbox) => inbox.recipientId === userId);
}

/** Most recently active first: by the channel's last message, else when the inbox was made. */
export function sortInboxes(inboxes: Inbox[], channels: Record<string, Channel | undefined>): Inbox[] {
  const activity = (inbox: Inbox) => channels[inbox.channelId]?.lastMessagedAt ?? inbox.createdAt ?? 0;
  return inboxes.slice().sort((a, b) => activity(b) - activity(a) || a.recipient.username.localeCompare(b.recipient.username));
}
