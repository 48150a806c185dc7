import type { Channel, PublicUser } from "../../messages/web/public";

/** A group DM (docs/protocol-extensions.md, "Group DMs"); `id` is its channel's id. */
export interface GroupDm {
  id: string;
  channelId: string;
  name: string | null;
  icon: string | null;
  ownerId: string;
  createdAt: number;
  /** The viewer's last read, epoch ms. */
  lastSeen: number | null;
  /** In the order they joined. */
  members: PublicUser[];
  channel: Channel;
}

/** Hearth's message types of a group (types 20–24). */
export const GroupMessageType = { MEMBER_ADDED: 20, MEMBER_LEFT: 21, MEMBER_REMOVED: 22, RENAMED: 23, ICON_CHANGED: 24 } as const;

export const MAX_MEMBERS = 10;

/** The channel type of a group (Hearth's own; the protocol's are 0–3). */
export const GROUP_DM = 10;
