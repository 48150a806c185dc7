/**
 * Forums the user has opened: each forum's settings and tags, and the posts of the list on screen.
 * Socket events (opted-in sockets of who can view the forum) keep them current.
 */
import { create } from "zustand";
import type { Message } from "../../messages/web/public";
import type { Thread } from "../../threads/web/public";
import { getPost } from "./forumsApi";
import type { Forum, ForumPost, ForumSort } from "./types";

/** What a forum's list on screen asks the server for, and whether pages remain beyond it. */
export interface ListView {
  sort: ForumSort;
  tag: string | null;
  /** The title search, trimmed ("" for none). */
  query: string;
  hasMore: boolean;
}

interface ForumsState {
  forums: Record<string, Forum>;
  /** The posts each forum's list holds (the view sorts them: a reply moves one up). */
  posts: Record<string, ForumPost[]>;
  /** The lists on screen, by forum: a post they have not loaded joins them only where it belongs. */
  views: Record<string, ListView>;
  /** Posts opened in the thread panel, by id (their tags, for the post's own view). */
  opened: Record<string, ForumPost>;
  /**
   * Posts deleted while the page is open: a fetch of one started before its `thread:deleted` (a
   * reply's `message:created` can come first) must not bring it back when it answers after.
   */
  deleted: Record<string, true>;
}

export const useForumsStore = create<ForumsState>()(() => ({ forums: {}, posts: {}, views: {}, opened: {}, deleted: {} }));

const newerId = (a: string, b: string) => (a.length === b.length ? (a < b ? 1 : a > b ? -1 : 0) : b.length - a.length);

/** A list in the server's order: newest activity (or creation) first, then the newest id. */
export function sortedPosts(posts: readonly ForumPost[], sort: ForumSort): ForumPost[] {
  return [...posts].sort((a, b) => sortTime(b, sort) - sortTime(a, sort) || newerId(a.id, b.id));
}

export const sortTime = (post: ForumPost, sort: ForumSort) => (sort === "created" ? post.createdAt : (post.lastMessagedAt ?? post.createdAt));

/** Whether a post passes a list's tag filter and title search (the server's case-insensitive match). */
export const matchesView = (post: ForumPost, view: Pick<ListView, "tag" | "query">) =>
  (!view.tag || post.tagIds.includes(view.tag)) && (!view.query || post.title.toLowerCase().includes(view.query.toLowerCase()));

/** The list on screen of a forum (null once it leaves the screen). */
export function watchList(channelId: string, view: ListView | null): void {
  useForumsStore.setState((state) => {
    const { [channelId]: _old, ...views } = state.views;
    return { views: view ? { ...views, [channelId]: view } : views };
  });
}

export function rememberOpened(post: ForumPost): void {
  useForumsStore.setState((state) => ({ opened: { ...state.opened, [post.id]: post } }));
}

export function rememberForum(forum: Forum): void {
  useForumsStore.setState((state) => ({ forums: { ...state.forums, [forum.channelId]: forum } }));
}

export function showPosts(channelId: string, posts: ForumPost[], append: boolean): void {
  useForumsStore.setState((state) => ({
    posts: { ...state.posts, [channelId]: append ? withoutRepeats([...(state.posts[channelId] ?? []), ...posts]) : posts },
  }));
}

/** A post moved up live and met again on a later page stays where it is. */
function withoutRepeats(posts: ForumPost[]): ForumPost[] {
  const seen = new Set<string>();
  return posts.filter((post) => !seen.has(post.id) && Boolean(seen.add(post.id)));
}

export function postCreated(channelId: string, post: ForumPost): void {
  useForumsStore.setState((state) => {
    const shown = state.posts[channelId];
    if (!shown || state.deleted[post.id] || shown.some((item) => item.id === post.id)) return state;
    return { posts: { ...state.posts, [channelId]: [post, ...shown] } };
  });
}

export function postChanged(channelId: string, postId: string, updated: Partial<ForumPost>): void {
  useForumsStore.setState((state) => {
    const shown = state.posts[channelId];
    const opened = state.opened[postId];
    return {
      posts: shown ? { ...state.posts, [channelId]: shown.map((post) => (post.id === postId ? { ...post, ...updated } : post)) } : state.posts,
      opened: opened ? { ...state.opened, [postId]: { ...opened, ...updated } } : state.opened,
    };
  });
}

export function postRemoved(channelId: string, postId: string): void {
  useForumsStore.setState((state) => {
    const shown = state.posts[channelId];
    const { [postId]: _gone, ...opened } = state.opened;
    const deleted = { ...state.deleted, [postId]: true as const };
    return { posts: shown ? { ...state.posts, [channelId]: shown.filter((post) => post.id !== postId) } : state.posts, opened, deleted };
  });
}

/**
 * A post the list on screen has not loaded (beyond its pages) joins it where the server would
 * place it: when it passes the tag filter and the search, and sorts before the list's last post
 * (or no page remains) — a post sorting further down comes with the next page instead.
 */
export function postArrived(channelId: string, post: ForumPost): void {
  useForumsStore.setState((state) => {
    const shown = state.posts[channelId];
    const view = state.views[channelId];
    if (!shown || !view || state.deleted[post.id] || shown.some((item) => item.id === post.id) || !matchesView(post, view)) return state;
    const last = sortedPosts(shown, view.sort).at(-1);
    if (view.hasMore && last && sortTime(post, view.sort) < sortTime(last, view.sort)) return state;
    return { posts: { ...state.posts, [channelId]: sortedPosts([...shown, post], view.sort) } };
  });
}

/** Posts being fetched, with the latest message time heard meanwhile. */
const fetching = new Map<string, number>();

/** Fetches a post a list on screen has not loaded, once however many replies arrive meanwhile. */
function fetchArrived(forumId: string, postId: string, messagedAt: number): void {
  const pending = fetching.get(postId);
  fetching.set(postId, Math.max(pending ?? 0, messagedAt));
  if (pending !== undefined) return;
  getPost(postId)
    .then(
      (post) => postArrived(forumId, { ...post, lastMessagedAt: Math.max(post.lastMessagedAt ?? 0, fetching.get(postId) ?? 0) }),
      () => undefined, // gone or no longer visible: the list stays as it is
    )
    .finally(() => fetching.delete(postId));
}

/**
 * A message in a post: in the lists holding it, its latest activity (the view sorts it up) and
 * awake; a post of a forum on screen that its list has not loaded is fetched and shown
 * (`parentId`, which a thread's `message:created` carries, names its forum).
 */
export function postMessaged(message: Pick<Message, "channelId" | "createdAt">, parentId?: string): void {
  const { posts, views } = useForumsStore.getState();
  let held = false;
  for (const [channelId, shown] of Object.entries(posts)) {
    if (!shown.some((post) => post.id === message.channelId)) continue;
    held = true;
    postChanged(channelId, message.channelId, { lastMessagedAt: message.createdAt, archived: false });
  }
  if (!held && parentId && views[parentId] && posts[parentId]) fetchArrived(parentId, message.channelId, message.createdAt);
}

/** `thread:updated` of a post: its title (the thread's name), archive and lock. */
function threadUpdated({ threadId, channelId, updated }: { threadId: string; channelId: string; updated: Partial<Thread> }): void {
  const { name, archived, locked } = updated;
  const changes: Partial<ForumPost> = {
    ...(name !== undefined && { title: name }),
    ...(archived !== undefined && { archived }),
    ...(locked !== undefined && { locked }),
  };
  if (Object.keys(changes).length > 0) postChanged(channelId, threadId, changes);
  if (name !== undefined) retitledOrRetagged(channelId, threadId);
}

/**
 * A post the list on screen has not loaded was renamed or retagged: with a search or a tag filter
 * on, it may match now, so it is fetched and joins the list where it belongs (postArrived).
 */
function retitledOrRetagged(channelId: string, postId: string): void {
  const { posts, views } = useForumsStore.getState();
  const view = views[channelId];
  const shown = posts[channelId];
  if (view && shown && (view.tag || view.query) && !shown.some((post) => post.id === postId)) fetchArrived(channelId, postId, 0);
}

export const forumSocketHandlers = {
  "forum:updated": ({ forum }: { channelId: string; forum: Forum }) => rememberForum(forum),
  "forum:post_created": ({ channelId, post }: { channelId: string; post: ForumPost }) => postCreated(channelId, post),
  "forum:post_updated": ({ channelId, postId, updated }: { channelId: string; postId: string; updated: Partial<ForumPost> }) => {
    postChanged(channelId, postId, updated);
    if (updated.tagIds !== undefined) retitledOrRetagged(channelId, postId);
  },
  "message:created": ({ message, parentId }: { message: Message; parentId?: string }) => postMessaged(message, parentId),
  "thread:updated": threadUpdated,
  "thread:deleted": ({ threadId, channelId }: { threadId: string; channelId: string }) => postRemoved(channelId, threadId),
};
