/** The forum routes; the request client names the `threads` feature in `X-Hearth-Features`. */
import { request } from "@hearth/api/request";
import type { Forum, ForumPost, ForumPostPage, ForumSort, ForumTag } from "./types";

const id = (value: string) => encodeURIComponent(value);

export const createForum = (serverId: string, name: string): Promise<{ channel: { id: string }; forum: Forum }> =>
  request({ method: "POST", path: "/forums", body: { serverId, name } });

export const getForum = (channelId: string): Promise<Forum> => request({ path: `/forums/${id(channelId)}` });

export const updateForum = (channelId: string, body: { guidelines?: string; defaultSort?: ForumSort }): Promise<Forum> =>
  request({ method: "PATCH", path: `/forums/${id(channelId)}`, body });

export const addTag = (channelId: string, name: string, moderated: boolean): Promise<ForumTag> =>
  request({ method: "POST", path: `/forums/${id(channelId)}/tags`, body: { name, moderated } });

export const updateTag = (channelId: string, tagId: string, body: { name?: string; moderated?: boolean }): Promise<ForumTag> =>
  request({ method: "PATCH", path: `/forums/${id(channelId)}/tags/${id(tagId)}`, body });

export const deleteTag = (channelId: string, tagId: string): Promise<void> =>
  request({ method: "DELETE", path: `/forums/${id(channelId)}/tags/${id(tagId)}` });

export interface PostQuery {
  sort: ForumSort;
  tag?: string;
  q?: string;
  before?: number;
}

export const listPosts = (channelId: string, query: PostQuery): Promise<ForumPostPage> =>
  request({ path: `/forums/${id(channelId)}/posts`, query: { sort: query.sort, tag: query.tag || undefined, q: query.q || undefined, before: query.before, limit: 25 } });

export const createPost = (channelId: string, body: { title: string; content: string; tagIds: string[] }): Promise<ForumPost> =>
  request({ method: "POST", path: `/forums/${id(channelId)}/posts`, body });

export const getPost = (postId: string): Promise<ForumPost> => request({ path: `/forums/posts/${id(postId)}` });

export const updatePost = (postId: string, body: { title?: string; tagIds?: string[] }): Promise<{ postId: string; title: string; tagIds: string[] }> =>
  request({ method: "PATCH", path: `/forums/posts/${id(postId)}`, body });

export const sharePost = (postId: string): Promise<{ postId: string; sharedPostId: string }> =>
  request({ method: "POST", path: `/forums/posts/${id(postId)}/share` });
