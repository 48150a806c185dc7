/** Hearth's wider search (docs/protocol-extensions.md, "Search"); the request client names the feature. */
import { request } from "@hearth/api/request";
import type { Message } from "../../messages/web/public";

export type Scope = "channel" | "server" | "dms" | "all";
export type Sort = "relevance" | "newest";

export interface SearchChannel {
  id: string;
  name: string | null;
  type: number;
  serverId: string | null;
  /** A thread's channel (Hearth's threads): the channel it belongs to. */
  parentId?: string;
}

export interface SearchResult {
  message: Message;
  highlights: [number, number][];
}

export interface SearchPage {
  results: SearchResult[];
  channels: Record<string, SearchChannel>;
  cursor: string | null;
}

export interface SearchRequest {
  q: string;
  scope: Scope;
  sort: Sort;
  serverId?: string;
  channelId?: string;
  cursor?: string;
}

export const searchMessages = (query: SearchRequest): Promise<SearchPage> =>
  request({ path: "/search/messages", query: { ...query, limit: 25 } });

/** A post as the search shows it (the posts plugin's Post, entities.md §8, the keys read here). */
export interface FoundPost {
  id: string;
  content: string | null;
  createdAt: number;
  commentToId: string | null;
  createdBy: { id: string; username: string; tag: string };
  mentions?: { id: string; username: string }[];
}

export interface PostResult {
  post: FoundPost;
  highlights: [number, number][];
}

export interface PostPage {
  results: PostResult[];
  cursor: string | null;
}

export const searchPosts = (query: { q: string; sort: Sort; cursor?: string }): Promise<PostPage> =>
  request({ path: "/search/posts", query: { ...query, limit: 25 } });

export interface FoundPerson {
  id: string;
  username: string;
  tag: string;
}

/** People by name (rest.md §1.26, the social plugin's route): up to 10. */
export const searchPeople = (q: string): Promise<FoundPerson[]> => request({ path: "/users/search", query: { q } });
