/**
 * Forums the user has opened: each forum's settings and tags, and the posts of the list on screen.
 * Socket events (opted-in sockets of who can view the forum) keep them current.
 */
import { create } from "zustand";
import type { Message } from "../../messages/web/public";
import type { Thread } from "../../threads/web/public";
import type { Forum, ForumPost, ForumSort } from "./types";

interface ForumsState {
  forums: Record<string, Forum>;
  /** The posts each forum's list holds (the view sorts them: a reply moves one up). */
  posts: Record<string, ForumPost[]>;
  /** Posts opened in the thread panel, by id (their tags, for the post's own view). */
  opened: Record<string, ForumPost>;
}

export const useForumsStore = create<ForumsState>()(() => ({ forums: {}, posts: {}, opened: {} }));

const newerId = (a: string, b: string) => (a.length === b.length ? (a < b ? 1 : a > b ? -1 : 0) : b.length - a.length);

/** A list in the server's order: newest activity (or creation) first, then the newest id. */
export function sortedPosts(posts: readonly ForumPost[], sort: ForumSort): ForumPost[] {
  const time = (post: ForumPost) => (sort === "created" ? post.createdAt : (post.lastMessagedAt ?? post.createdAt));
  return [...posts].sort((a, b) => time(b) - time(a) || newerId(a.id, b.id));
}

export function rememberOpened(post: ForumPost): void {
  useForumsStore.setState((state) => ({ opened: { ...state.opened, [post.id]: post } }));
}

export function rememberForum(forum: Forum): void {
  useForumsStore.setState((state) => ({ forums: { ...state.forums, [forum.channelId]: forum } }));
}

export function showPosts(channelId: string, posts: ForumPost[], append: boolean): void {
  useForumsStore.setState((state) => ({
    posts: { ...state.posts, [channelId]: append ? [...(state.posts[channelId] ?? []), ...posts] : posts },
  }));
}

export function postCreated(channelId: string, post: ForumPost): void {
  useForumsStore.setState((state) => {
    const shown = state.posts[channelId];
    if (!shown || shown.some((item) => item.id === post.id)) return state;
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
    return { posts: shown ? { ...state.posts, [channelId]: shown.filter((post) => post.id !== postId) } : state.posts, opened };
  });
}

/** A message in a post of a list on screen: its latest activity (the view sorts it up), and awake. */
export function postMessaged(message: Pick<Message, "channelId" | "createdAt">): void {
  const { posts } = useForumsStore.getState();
  for (const [channelId, shown] of Object.entries(posts)) {
    if (shown.some((post) => post.id === message.channelId)) postChanged(channelId, message.channelId, { lastMessagedAt: message.createdAt, archived: false });
  }
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
}

export const forumSocketHandlers = {
  "forum:updated": ({ forum }: { channelId: string; forum: Forum }) => rememberForum(forum),
  "forum:post_created": ({ channelId, post }: { channelId: string; post: ForumPost }) => postCreated(channelId, post),
  "forum:post_updated": ({ channelId, postId, updated }: { channelId: string; postId: string; updated: Partial<ForumPost> }) =>
    postChanged(channelId, postId, updated),
  "message:created": ({ message }: { message: Message }) => postMessaged(message),
  "thread:updated": threadUpdated,
  "thread:deleted": ({ threadId, channelId }: { threadId: string; channelId: string }) => postRemoved(channelId, threadId),
};
