/** A thread as the server sends it (docs/protocol-extensions.md, "Threads"). */
export interface Thread {
  id: string;
  type: 11;
  name: string;
  serverId: string;
  parentId: string;
  starterMessageId: string | null;
  createdById: string | null;
  archived: boolean;
  archivedAt: number | null;
  locked: boolean;
  autoArchiveMinutes: number;
  lastMessagedAt: number | null;
  createdAt: number;
  following?: boolean;
}

export interface FollowedThread extends Thread {
  unread: boolean;
  mentionCount: number;
}

export interface ThreadPage {
  threads: Thread[];
  hasMore: boolean;
}

export const AUTO_ARCHIVE_MINUTES = [60, 1440, 4320, 10080] as const;
