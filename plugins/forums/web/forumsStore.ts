/**
 * Forums the user has opened: each forum's settings and tags, and the posts of the list on screen.
 * Socket events (opted-in sockets of who can view the forum) keep them current.
 */
import { create } from "zustand";
import type { Forum, ForumPost } from "./types";

interface ForumsState {
  forums: Record<string, Forum>;
  /** The posts each forum's list shows, in its order. */
  posts: Record<string, ForumPost[]>;
}

export const useForumsStore = create<ForumsState>()(() => ({ forums: {}, posts: {} }));

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
    if (!shown) return state;
    return { posts: { ...state.posts, [channelId]: shown.map((post) => (post.id === postId ? { ...post, ...updated } : post)) } };
  });
}

export const forumSocketHandlers = {
  "forum:updated": ({ forum }: { channelId: string; forum: Forum }) => rememberForum(forum),
  "forum:post_created": ({ channelId, post }: { channelId: string; post: ForumPost }) => postCreated(channelId, post),
  "forum:post_updated": ({ channelId, postId, updated }: { channelId: string; postId: string; updated: Partial<ForumPost> }) =>
    postChanged(channelId, postId, updated),
};
