import type { Channel, PublicUser } from "../../messages/web/public";

/** A DM list entry (entities.md §5.2); each participant has their own. */
export interface Inbox {
  id: string;
  createdById: string;
  recipientId: string;
  channelId: string;
  closed: boolean;
  createdAt: number;
  lastSeen: number | null;
  recipient: PublicUser;
  /** Present in `inbox:opened` and the open-channel reply; in `user:authenticated` the channel is in `channels`. */
  channel?: Channel;
}
