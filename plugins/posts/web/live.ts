/**
 * Live counts: the posts on screen are sent to the server with `post:watch` (at most 100,
 * the most recently shown), which then sends their new counts (`post:updated`) and tells of
 * edits and deletes (`post:changed`). The unread post notifications count lives here too.
 */
import { emitSocketEvent } from "@hearth/socket/socketClient";
import { useEffect } from "react";
import { create } from "zustand";
import { fetchNotificationCount } from "./api";
import { applyCounts, refreshPost, usePostStore } from "./postStore";
import type { PostCountsUpdate } from "./types";

const WATCH_LIMIT = 100;
const WATCH_DELAY_MS = 150;

const shown = new Map<string, number>(); // post id → how many mounted items show it
let timer: ReturnType<typeof setTimeout> | undefined;

function sendWatchList(): void {
  timer = undefined;
  emitSocketEvent("post:watch", { postIds: [...shown.keys()].slice(-WATCH_LIMIT) });
}

function scheduleWatchList(): void {
  if (timer === undefined) timer = setTimeout(sendWatchList, WATCH_DELAY_MS);
}

/** Keeps a post in the watch list while the calling component is mounted. */
export function useWatchPost(postId: string | undefined): void {
  useEffect(() => {
    if (!postId) return;
    shown.delete(postId);
    shown.set(postId, (shown.get(postId) ?? 0) + 1);
    scheduleWatchList();
    return () => {
      const count = (shown.get(postId) ?? 1) - 1;
      if (count > 0) shown.set(postId, count);
      else shown.delete(postId);
      scheduleWatchList();
    };
  }, [postId]);
}

export const useUnreadStore = create<{ unread: number }>()(() => ({ unread: 0 }));

export const useUnreadCount = () => useUnreadStore((state) => state.unread);

export async function loadUnreadCount(): Promise<void> {
  try {
    useUnreadStore.setState({ unread: await fetchNotificationCount() });
  } catch {
    // the bell keeps its last count; the next live update corrects it
  }
}

export const postSocketHandlers = {
  "user:authenticated": () => {
    void loadUnreadCount();
    if (shown.size) scheduleWatchList(); // a new connection watches nothing yet
  },
  "post:updated": (payload: PostCountsUpdate) => applyCounts(payload),
  "post:changed": ({ postId }: { postId: string }) => {
    if (usePostStore.getState().posts[postId]) void refreshPost(postId).catch(() => undefined);
  },
  "post:notification_count": ({ count }: { count: number }) => useUnreadStore.setState({ unread: count }),
};
