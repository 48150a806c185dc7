/** The wire shapes of entities.md §8 as this bundle uses them. */
import type { WornClan } from "../../clans/web/public";

export interface PostAuthor {
  id: string;
  username: string;
  tag: string;
  hexColor?: string | null;
  avatar?: string | null;
  badges?: number;
  bot?: boolean | null;
  /** On a post's author (entities.md §8.1), not on mentions. */
  profile?: { font?: number | null; clan?: WornClan | null } | null;
}

export interface PollChoice {
  id: string;
  content: string;
  _count: { votedUsers: number };
}

export interface Poll {
  id: string;
  _count: { votedUsers: number };
  /** The viewer's vote: none or one. */
  votedUsers: Array<{ pollChoiceId: string }>;
  choices: PollChoice[];
}

export interface PostEmbed {
  type?: string;
  title?: string;
  description?: string;
  siteName?: string;
  url?: string;
  origUrl?: string;
  domain?: string;
  imageUrl?: string;
  imageWidth?: number;
  imageHeight?: number;
}

export interface PostAttachment {
  id: string;
  path: string;
  width?: number | null;
  height?: number | null;
}

export interface Post {
  id: string;
  createdById?: string;
  content?: string | null;
  createdAt?: number;
  editedAt?: number | null;
  deleted?: boolean;
  commentToId?: string | null;
  repostId?: string | null;
  views?: number;
  embed?: PostEmbed | null;
  createdBy: PostAuthor;
  mentions?: PostAuthor[];
  attachments?: PostAttachment[];
  poll?: Poll | null;
  _count?: { likedBy: number; comments: number; reposts: number };
  likedBy?: Array<{ id: string }>;
  reposts?: Array<{ id: string; createdBy: { id: string; username: string } }>;
  commentTo?: Post | null;
  repost?: Post | null;
  /** Only on stubs: the author blocked you. */
  block?: true;
  /** Hearth's: what a post another plugin made links to (a forum post shared to the feed). */
  share?: PostShare;
}

export interface PostShare {
  kind: string;
  serverId: string;
  channelId: string;
  forumName: string;
  postId: string;
  title: string;
}

/** entities.md §10.12 */
export const NOTIFICATION_TYPES = { LIKED: 0, REPLIED: 1, FOLLOWED: 2, REPOSTED: 3, MENTIONED: 4 } as const;

export interface PostNotification {
  id: string;
  createdAt: number;
  type: number;
  byId: string;
  postId: string | null;
  by: PostAuthor;
  post: Post | null;
}

export interface PostLiker {
  likedBy: PostAuthor;
  createdAt: number;
}

export interface PostReposter {
  createdBy: PostAuthor;
  createdAt: number;
}

/** `post:updated` (a Hearth addition, plugins/posts/README.md). */
export interface PostCountsUpdate {
  postId: string;
  updated: {
    estimateLikes: number;
    estimateReposts: number;
    _count: { likedBy: number; comments: number; reposts: number };
    poll?: { id: string; _count: { votedUsers: number }; choices: Array<{ id: string; _count: { votedUsers: number } }> };
  };
}

export type DiscoverSort = "mostLiked7Days" | "mostLiked30days" | "mostLikedAllTime" | "latest";
