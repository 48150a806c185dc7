/** `GET /users/:userId` (rest.md §1.28). */
export interface ProfileUser {
  id: string;
  username: string;
  tag: string;
  hexColor?: string | null;
  avatar?: string | null;
  banner?: string | null;
  badges?: number;
  bot?: boolean | null;
  joinedAt?: number;
  followers?: Array<{ followedToId?: string }>;
  following?: unknown[];
  _count?: { followers?: number; following?: number; likedPosts?: number; posts?: number };
}

export interface UserProfileDetails {
  bio?: string | null;
  bgColorOne?: string | null;
  bgColorTwo?: string | null;
  primaryColor?: string | null;
  font?: number | null;
  clan?: { tag: string; icon: string; serverId?: string } | null;
}

export interface UserDetails {
  /** The profile owner has blocked you. */
  block: boolean;
  user: ProfileUser;
  followsYou?: boolean;
  hideFollowing?: boolean;
  hideFollowers?: boolean;
  mutualFriendIds?: string[];
  mutualServerIds?: string[];
  profile?: UserProfileDetails | null;
  suspensionExpiresAt?: number | null;
}

/** Public user in follower lists and search results. */
export interface ListedUser {
  id: string;
  username: string;
  tag: string;
  avatar?: string | null;
  hexColor?: string | null;
  badges?: number;
}
