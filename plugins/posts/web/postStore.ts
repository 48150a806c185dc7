/**
 * Posts seen this session, by id, and the lists that show them (feed, discover, a profile's
 * tabs, a post's replies). Lists hold ids in display order (newest or most liked first); a
 * post is drawn from the cache, so a like, a live count or an edit shows everywhere at once.
 */
import { describeError } from "@hearth/api/requestErrors";
import { create } from "zustand";
import * as api from "./api";
import type { DiscoverSort, Post, PostCountsUpdate } from "./types";

export interface PostList {
  ids: string[];
  loading: boolean;
  /** No older page to load. */
  done: boolean;
  error: string | null;
}

interface PostsState {
  posts: Record<string, Post>;
  lists: Record<string, PostList>;
}

export const usePostStore = create<PostsState>()(() => ({ posts: {}, lists: {} }));

const EMPTY_LIST: PostList = { ids: [], loading: false, done: false, error: null };

/** Adds posts (and the parents and reposted posts inside them) to the cache. */
export function rememberPosts(posts: Post[]): void {
  if (!posts.length) return;
  usePostStore.setState(({ posts: cached }) => {
    const next = { ...cached };
    const put = (post: Post) => {
      // a nested copy carries no commentTo / repost: keep what a fuller copy already brought
      next[post.id] = { ...next[post.id], ...post };
    };
    for (const post of posts) {
      if (post.commentTo) put(post.commentTo);
      if (post.repost) put(post.repost);
      put(post);
    }
    return { posts: next };
  });
}

export function usePost(postId: string | null | undefined): Post | undefined {
  return usePostStore((state) => (postId ? state.posts[postId] : undefined));
}

export function useList(key: string): PostList {
  return usePostStore((state) => state.lists[key] ?? EMPTY_LIST);
}

function setList(key: string, change: Partial<PostList>): void {
  usePostStore.setState(({ lists }) => ({ lists: { ...lists, [key]: { ...(lists[key] ?? EMPTY_LIST), ...change } } }));
}

/** Where each kind of list gets a page, in display order (the cursor is its last post). */
type PageLoader = (afterId: string | undefined) => Promise<Post[]>;

const newestFirst = (posts: Post[]) => [...posts].reverse();

export const listKeys = {
  feed: "feed",
  discover: (sort: DiscoverSort) => `discover:${sort}`,
  userPosts: (userId: string, withReplies: boolean) => `user:${userId}:${withReplies ? "replies" : "posts"}`,
  liked: (userId: string) => `user:${userId}:liked`,
  pinned: (userId: string) => `user:${userId}:pinned`,
  comments: (postId: string) => `comments:${postId}`,
  announcements: "announcements",
};

function loaderFor(key: string): { load: PageLoader; paged: boolean } {
  const [kind, id, variant] = key.split(":");
  if (key === listKeys.feed) return { load: (afterId) => api.fetchFeed({ afterId }), paged: true };
  if (key === listKeys.announcements) return { load: () => api.fetchAnnouncements(), paged: false };
  if (kind === "discover") {
    // sorted pages come least liked first, like every list of the reference: shown reversed
    return { load: async (afterId) => newestFirst(await api.fetchDiscover(id as DiscoverSort, { afterId })), paged: true };
  }
  if (kind === "comments") return { load: async (afterId) => newestFirst(await api.fetchComments(id!, { afterId })), paged: true };
  if (kind === "user" && variant === "liked") return { load: async () => newestFirst(await api.fetchLikedPosts(id!)), paged: false };
  if (kind === "user" && variant === "pinned") return { load: () => api.fetchPinnedPosts(id!), paged: false };
  return { load: async (afterId) => newestFirst(await api.fetchUserPosts(id!, variant === "replies", { afterId })), paged: true };
}

/** Loads the next (older) page of a list, or its first page. */
export async function loadMore(key: string): Promise<void> {
  const list = usePostStore.getState().lists[key] ?? EMPTY_LIST;
  if (list.loading || list.done) return;
  const { load, paged } = loaderFor(key);
  setList(key, { loading: true, error: null });
  try {
    const page = await load(paged ? list.ids.at(-1) : undefined);
    rememberPosts(page);
    const current = usePostStore.getState().lists[key] ?? EMPTY_LIST;
    const ids = [...current.ids, ...page.map((post) => post.id).filter((id) => !current.ids.includes(id))];
    setList(key, { ids, loading: false, done: !paged || page.length === 0 });
  } catch (error) {
    setList(key, { loading: false, error: describeError(error) });
  }
}

/** Forgets a list so it loads afresh (a tab opened again, a new post of mine). */
export function resetList(key: string): void {
  usePostStore.setState(({ lists }) => {
    const { [key]: _dropped, ...rest } = lists;
    return { lists: rest };
  });
}

/** Puts a post at the top of a list (a post just written). */
export function prependToList(key: string, post: Post): void {
  rememberPosts([post]);
  const list = usePostStore.getState().lists[key];
  if (list) setList(key, { ids: [post.id, ...list.ids.filter((id) => id !== post.id)] });
}

/** Takes a post out of every list (a repost deleted, a post gone). */
export function dropFromLists(postId: string): void {
  usePostStore.setState(({ lists }) => ({
    lists: Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, { ...list, ids: list.ids.filter((id) => id !== postId) }])),
  }));
}

/** `post:updated`: new counts from the server. */
export function applyCounts({ postId, updated }: PostCountsUpdate): void {
  usePostStore.setState(({ posts }) => {
    const post = posts[postId];
    if (!post) return {};
    const poll = post.poll && updated.poll ? {
      ...post.poll,
      _count: updated.poll._count,
      choices: post.poll.choices.map((choice) => ({
        ...choice,
        _count: updated.poll!.choices.find((c) => c.id === choice.id)?._count ?? choice._count,
      })),
    } : post.poll;
    return { posts: { ...posts, [postId]: { ...post, _count: updated._count, poll } } };
  });
}

/** Fetches one post again (after `post:changed`, or to open it). */
export async function refreshPost(postId: string): Promise<Post | null> {
  const post = await api.fetchPost(postId);
  if (post) rememberPosts([post]);
  return post;
}
