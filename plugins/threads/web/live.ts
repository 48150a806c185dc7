/**
 * Thread events (sent only to sockets that ask for the "threads" feature): the store follows
 * them, counts unread messages and mentions of followed threads, and marks an open thread read.
 */
import { cdnUrl } from "@hearth/api/cdn";
import { notifyMessage } from "@hearth/notifications/notify";
import { markChannelRead, messageSlots } from "../../messages/web/public";
import type { Message } from "../../messages/web/public";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { followedThreads, getThread } from "./threadsApi";
import {
  followedLoaded,
  followedMessage,
  forgetThread,
  rememberThreads,
  setFollowed,
  threadChanged,
  useThreadsStore,
} from "./threadsStore";
import { t } from "./i18n";
import type { Thread } from "./types";

interface AuthenticatedThreads {
  threads?: { unread?: Record<string, number> };
}

/** After each authentication (a reconnect too): the unread map, then the followed threads' names. */
export function threadsAuthenticated(payload: AuthenticatedThreads): void {
  const unread = payload.threads?.unread ?? {};
  void followedThreads().then(
    ({ threads }) => followedLoaded(unread, threads),
    () => followedLoaded(unread, []),
  );
}

/** Whether the user is reading this thread now (its panel open in a visible, focused page). */
export function isReading(threadId: string): boolean {
  const panel = useThreadsStore.getState().panel;
  return panel?.kind === "thread" && panel.threadId === threadId && document.visibilityState === "visible" && document.hasFocus();
}

/** Threads being fetched, with the latest message time heard meanwhile. */
const fetching = new Map<string, number>();

/**
 * A message in a thread the client has not met (beyond the loaded pages of its channel's list):
 * while that list is open, the thread is fetched and joins it (the list sorts newest activity first).
 */
function joinOpenList(threadId: string, parentId: string, messagedAt: number): void {
  const panel = useThreadsStore.getState().panel;
  if (panel?.kind !== "list" || panel.channelId !== parentId) return;
  const pending = fetching.get(threadId);
  fetching.set(threadId, Math.max(pending ?? 0, messagedAt));
  if (pending !== undefined) return;
  getThread(threadId)
    .then(
      (thread) => rememberThreads([{ ...thread, lastMessagedAt: Math.max(thread.lastMessagedAt ?? 0, fetching.get(threadId) ?? 0) }]),
      () => undefined, // gone or no longer visible
    )
    .finally(() => fetching.delete(threadId));
}

const asking = new Set<string>();

/** The user's follow state of a thread, from the server (no event says a reply made them follow). */
function askFollowing(threadId: string): void {
  if (asking.has(threadId)) return;
  asking.add(threadId);
  getThread(threadId)
    .then(
      (thread) => (thread.following ? setFollowed(threadId, true) : undefined),
      () => undefined,
    )
    .finally(() => asking.delete(threadId));
}

function messageCreated({ message, parentId }: { message: Message; parentId?: string }): void {
  const thread = useThreadsStore.getState().threads[message.channelId];
  if (!thread) {
    if (parentId) joinOpenList(message.channelId, parentId, message.createdAt);
    return;
  }
  threadChanged(thread.id, { lastMessagedAt: message.createdAt, archived: false });
  const selfId = useSelfUserStore.getState().user?.id;
  if (message.createdBy.id === selfId) {
    if (thread.following !== false) setFollowed(thread.id, true);
    else askFollowing(thread.id); // replying follows, unless the user unfollowed by hand: the server knows which
    return;
  }
  if (isReading(thread.id)) {
    markChannelRead(thread.id);
    return;
  }
  const mentionsMe = Boolean(selfId && message.mentions?.some((user) => user.id === selfId));
  followedMessage(thread.id, mentionsMe);
  if (!selfId || thread.following === false) return; // an unfollow silences it
  // a followed thread notifies as its parent would; a mention also where the user follows it only now (being named)
  const followed = thread.following === true || useThreadsStore.getState().followed[thread.id] !== undefined;
  if (followed || mentionsMe) notifyThreadMessage(thread, message, selfId, mentionsMe);
}

/**
 * A message in a followed thread sounds and shows a notification as one in its parent channel
 * does: the parent's ping and sound modes decide ("all messages", "mentions only", muted; the
 * servers bundle answers for the parent, which the messages bundle's own notice cannot find for a
 * thread's channel).
 */
function notifyThreadMessage(thread: Thread, message: Message, selfId: string, mentionsMe: boolean): void {
  const context = messageSlots.serverMessageContext.get()?.({
    serverId: thread.serverId,
    channelId: thread.parentId,
    authorId: message.createdBy.id,
    content: message.content ?? "",
    mentionedUserIds: (message.mentions ?? []).map((user) => user.id),
    mentionedRoleIds: [],
    fromWebhook: Boolean(message.webhookId),
  });
  if (!context) return;
  const path = `/app/servers/${encodeURIComponent(thread.serverId)}/${encodeURIComponent(thread.parentId)}?thread=${encodeURIComponent(thread.id)}`;
  notifyMessage({
    selfId,
    authorId: message.createdBy.id,
    silent: Boolean(message.silent),
    viewingChannel: false,
    messageId: message.id,
    channelId: thread.id,
    body: (message.content ?? "").replace(/\[@:(\w+)\]/g, "@"),
    direct: false,
    mentionsMe,
    pingMode: context.pingMode,
    soundMode: context.soundMode,
    title: t("notify.title", { author: message.createdBy.username, thread: thread.name, server: context.serverName }),
    path,
    iconUrl: message.createdBy.avatar ? cdnUrl(message.createdBy.avatar) : context.serverIconUrl,
  });
}

export const threadSocketHandlers = {
  "user:authenticated": threadsAuthenticated,
  "thread:created": ({ thread }: { thread: Thread }) => rememberThreads([thread]),
  "thread:updated": ({ threadId, updated }: { threadId: string; updated: Partial<Thread> }) => threadChanged(threadId, updated),
  "thread:deleted": ({ threadId }: { threadId: string }) => forgetThread(threadId),
  "thread:follow_updated": ({ threadId, following }: { threadId: string; following: boolean }) => setFollowed(threadId, following),
  "message:created": messageCreated,
};
