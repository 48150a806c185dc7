/** Friend rows (entities.md §7.1): one per direction, owned by `userId`; a block is one row of the blocker. */
import type { WornClan } from "../../clans/web/public";

export const FriendStatus = { SENT: 0, PENDING: 1, FRIENDS: 2, BLOCKED: 3 } as const;
export type FriendStatusValue = (typeof FriendStatus)[keyof typeof FriendStatus];

export interface FriendUser {
  id: string;
  username: string;
  tag: string;
  hexColor?: string | null;
  avatar?: string | null;
  banner?: string | null;
  badges?: number;
  bot?: boolean | null;
  lastOnlineStatus?: number;
  lastOnlineAt?: number | null;
  profile?: { font?: number | null; clan?: WornClan | null } | null;
}

export interface Friend {
  id?: string;
  status: FriendStatusValue;
  userId?: string;
  recipientId: string;
  createdAt?: number;
  recipient: FriendUser;
}
