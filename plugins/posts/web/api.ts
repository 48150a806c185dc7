/** The posts routes (rest.md §7). */
import { request } from "@hearth/api/request";
import type { DiscoverSort, Post, PostLiker, PostNotification, PostReposter } from "./types";

const id = (value: string) => encodeURIComponent(value);

export interface Page {
  limit?: number;
  afterId?: string;
}

export const fetchFeed = (page: Page = {}) => request<Post[]>({ path: "/posts/feed", query: { ...page } });

export const fetchDiscover = (sort: DiscoverSort, page: Page = {}) =>
  request<Post[]>({ path: "/posts/discover", query: { ...page, sort: sort === "latest" ? undefined : sort } });

export const fetchAnnouncements = () => request<Post[]>({ path: "/posts/announcement" });

export const fetchUserPosts = (userId: string, withReplies: boolean, page: Page = {}) =>
  request<Post[]>({ path: `/users/${id(userId)}/posts`, query: { ...page, withReplies: withReplies ? true : undefined } });

export const fetchLikedPosts = (userId: string) => request<Post[]>({ path: `/users/${id(userId)}/posts/liked` });

export const fetchPost = (postId: string) => request<Post | null>({ path: `/posts/${id(postId)}` });

export const fetchComments = (postId: string, page: Page = {}) =>
  request<Post[]>({ path: `/posts/${id(postId)}/comments`, query: { ...page } });

export interface NewPost {
  content?: string;
  postId?: string;
  nerimityCdnFileId?: string;
  poll?: { choices: string[] };
}

export const createPost = (body: NewPost) => request<Post>({ method: "POST", path: "/posts", body });
export const editPost = (postId: string, content: string) =>
  request<Post>({ method: "PATCH", path: `/posts/${id(postId)}`, body: { content } });
export const deletePost = (postId: string) => request({ method: "DELETE", path: `/posts/${id(postId)}` });
export const likePost = (postId: string) => request<Post>({ method: "POST", path: `/posts/${id(postId)}/like` });
export const unlikePost = (postId: string) => request<Post>({ method: "POST", path: `/posts/${id(postId)}/unlike` });
export const repostPost = (postId: string) => request<Post>({ method: "POST", path: `/posts/${id(postId)}/repost` });
export const pinPost = (postId: string) => request({ method: "POST", path: `/posts/${id(postId)}/pin` });
export const unpinPost = (postId: string) => request({ method: "DELETE", path: `/posts/${id(postId)}/pin` });
export const votePoll = (postId: string, pollId: string, choiceId: string) =>
  request({ method: "POST", path: `/posts/${id(postId)}/polls/${id(pollId)}/choices/${id(choiceId)}` });
export const fetchLikes = (postId: string) => request<PostLiker[]>({ path: `/posts/${id(postId)}/likes` });
export const fetchReposts = (postId: string) => request<PostReposter[]>({ path: `/posts/${id(postId)}/reposts` });

export const fetchNotifications = () => request<PostNotification[]>({ path: "/posts/notifications" });
export const fetchNotificationCount = () => request<number>({ path: "/posts/notifications/count" });
export const dismissNotifications = () => request({ method: "POST", path: "/posts/notifications/dismiss" });

/** The profile's pinned posts come with the profile (rest.md §1.28 `includePinnedPosts`). */
export const fetchPinnedPosts = async (userId: string) =>
  (await request<{ pinnedPosts?: Post[] }>({ path: `/users/${id(userId)}`, query: { includePinnedPosts: true } }))
    .pinnedPosts ?? [];
