/** The inbox of mentions (`GET /users/notifications`, rest.md §1.27): loaded when the list opens. */
import { describeError } from "@hearth/api/requestErrors";
import { create } from "zustand";
import { fetchMentionNotifications, type MentionNotification } from "../searchApi";

interface MentionsState {
  items: MentionNotification[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
}

export const useMentionsStore = create<MentionsState>()(() => ({ items: [], loading: false, loaded: false, error: null }));

let generation = 0;

export async function loadMentions(): Promise<void> {
  const mine = ++generation;
  useMentionsStore.setState({ loading: true, error: null });
  try {
    const items = await fetchMentionNotifications();
    if (mine !== generation) return;
    // A notification whose message is gone has nothing to show.
    useMentionsStore.setState({ items: items.filter((item) => item.message), loading: false, loaded: true });
  } catch (failure) {
    if (mine !== generation) return;
    useMentionsStore.setState({ loading: false, error: describeError(failure) });
  }
}

/** Where a notification's message is: its server channel (or DM) with the message to jump to. */
export function mentionLink(item: MentionNotification): string | null {
  const message = item.message;
  if (!message) return null;
  const jump = `?messageId=${encodeURIComponent(message.id)}`;
  if (item.server) return `/app/servers/${encodeURIComponent(item.server.id)}/${encodeURIComponent(message.channelId)}${jump}`;
  return `/app/inbox/${encodeURIComponent(message.channelId)}${jump}`;
}

/** Unread mentions in server channels (DM counters belong to the inbox's badge). */
export function serverMentionTotal(mentions: Record<string, { serverId: string | null; count: number }>): number {
  return Object.values(mentions).reduce((total, mention) => (mention.serverId ? total + mention.count : total), 0);
}

export function resetMentions(): void {
  generation += 1;
  useMentionsStore.setState({ items: [], loading: false, loaded: false, error: null });
}
