/** The thread routes (docs/protocol-extensions.md); the request client names the feature in `X-Hearth-Features`. */
import { request } from "@hearth/api/request";
import type { FollowedThread, Thread, ThreadPage } from "./types";

const id = (value: string) => encodeURIComponent(value);

export const createThread = (body: { channelId: string; messageId?: string; name: string; autoArchiveMinutes?: number }): Promise<Thread> =>
  request({ method: "POST", path: "/threads", body });

export const listThreads = (channelId: string, archived: boolean, before?: number): Promise<ThreadPage> =>
  request({ path: "/threads", query: { channelId, archived: archived || undefined, before, limit: 50 } });

export const followedThreads = (): Promise<{ threads: FollowedThread[] }> => request({ path: "/threads/followed" });

export const getThread = (threadId: string): Promise<Thread> => request({ path: `/threads/${id(threadId)}` });

export const updateThread = (
  threadId: string,
  body: Partial<Pick<Thread, "name" | "archived" | "locked" | "autoArchiveMinutes">>,
): Promise<Thread> => request({ method: "PATCH", path: `/threads/${id(threadId)}`, body });

export const deleteThread = (threadId: string): Promise<void> => request({ method: "DELETE", path: `/threads/${id(threadId)}` });

export const setFollowing = (threadId: string, following: boolean): Promise<{ threadId: string; following: boolean }> =>
  request({ method: following ? "POST" : "DELETE", path: `/threads/${id(threadId)}/follow` });
