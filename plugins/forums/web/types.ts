/** Forums as the server sends them (docs/protocol-extensions.md, "Forum channels"). */
export const FORUM_TYPE = 15;

export interface ForumTag {
  id: string;
  name: string;
  moderated: boolean;
}

export interface Forum {
  channelId: string;
  serverId: string;
  guidelines: string;
  defaultSort: ForumSort;
  tags: ForumTag[];
}

export type ForumSort = "activity" | "created";

/** A post: a thread of the forum with a title, tags and its opening message's start. */
export interface ForumPost {
  id: string;
  title: string;
  serverId: string;
  parentId: string;
  createdById: string | null;
  archived: boolean;
  locked: boolean;
  lastMessagedAt: number | null;
  createdAt: number;
  tagIds: string[];
  excerpt: string | null;
  firstMessageId: string | null;
  sharedPostId: string | null;
  following?: boolean;
}

export interface ForumPostPage {
  posts: ForumPost[];
  hasMore: boolean;
}
