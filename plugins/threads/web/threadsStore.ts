/**
 * What the client knows of threads: those seen (a channel's lists, the followed ones, live
 * events), which the user follows with their unread state, and which panel is open beside the
 * channel (a channel's list of threads, or one thread).
 */
import { create } from "zustand";
import type { FollowedThread, Thread } from "./types";

export interface UnreadState {
  unread: boolean;
  mentions: number;
}

export type Panel = { kind: "list"; channelId: string } | { kind: "thread"; threadId: string } | null;

interface ThreadsState {
  threads: Record<string, Thread>;
  /** Followed threads, with their unread state. */
  followed: Record<string, UnreadState>;
  panel: Panel;
}

export const useThreadsStore = create<ThreadsState>()(() => ({ threads: {}, followed: {}, panel: null }));

export function rememberThreads(threads: readonly Thread[]): void {
  useThreadsStore.setState((state) => {
    const next = { ...state.threads };
    for (const thread of threads) next[thread.id] = { ...next[thread.id], ...thread };
    return { threads: next };
  });
}

export function threadChanged(threadId: string, changes: Partial<Thread>): void {
  useThreadsStore.setState((state) => {
    const known = state.threads[threadId];
    return known ? { threads: { ...state.threads, [threadId]: { ...known, ...changes } } } : {};
  });
}

export function forgetThread(threadId: string): void {
  useThreadsStore.setState((state) => {
    const { [threadId]: _gone, ...threads } = state.threads;
    const { [threadId]: _unfollowed, ...followed } = state.followed;
    const panel = state.panel?.kind === "thread" && state.panel.threadId === threadId ? null : state.panel;
    return { threads, followed, panel };
  });
}

/** `user:authenticated`'s unread map, then the followed list (names, channels) from the API. */
export function followedLoaded(unread: Record<string, number>, threads: readonly FollowedThread[]): void {
  rememberThreads(threads);
  const followed: Record<string, UnreadState> = {};
  for (const thread of threads) {
    const mentions = unread[thread.id] ?? thread.mentionCount;
    followed[thread.id] = { unread: thread.id in unread || thread.unread, mentions };
  }
  useThreadsStore.setState({ followed });
}

export function setFollowed(threadId: string, following: boolean): void {
  useThreadsStore.setState((state) => {
    if (following) return { followed: { ...state.followed, [threadId]: state.followed[threadId] ?? { unread: false, mentions: 0 } } };
    const { [threadId]: _gone, ...followed } = state.followed;
    return { followed };
  });
  threadChanged(threadId, { following });
}

/** A new message in a followed thread that is not being read: unread, and a mention when it names the user. */
export function followedMessage(threadId: string, mentionsMe: boolean): void {
  useThreadsStore.setState((state) => {
    const known = state.followed[threadId];
    if (!known) return {};
    return { followed: { ...state.followed, [threadId]: { unread: true, mentions: known.mentions + (mentionsMe ? 1 : 0) } } };
  });
}

export function threadRead(threadId: string): void {
  useThreadsStore.setState((state) => {
    const known = state.followed[threadId];
    if (!known || (!known.unread && known.mentions === 0)) return {};
    return { followed: { ...state.followed, [threadId]: { unread: false, mentions: 0 } } };
  });
}

export function openPanel(panel: Panel): void {
  useThreadsStore.setState({ panel });
}

/** The threads of a channel the store knows, newest activity first. */
export function threadsOf(threads: Record<string, Thread>, channelId: string, archived: boolean): Thread[] {
  return Object.values(threads)
    .filter((thread) => thread.parentId === channelId && thread.archived === archived)
    .sort((a, b) => (archived ? (b.archivedAt ?? 0) - (a.archivedAt ?? 0) : (b.lastMessagedAt ?? 0) - (a.lastMessagedAt ?? 0)));
}

export function threadOfMessage(threads: Record<string, Thread>, messageId: string): Thread | undefined {
  return Object.values(threads).find((thread) => thread.starterMessageId === messageId);
}
