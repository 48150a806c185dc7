/** A channel webhook as the server sends it (entities.md §4.12). */
export interface Webhook {
  id: string;
  name: string;
  hexColor: string | null;
  avatar: string | null;
  channelId: string;
  serverId: string;
  createdById: string | null;
  createdAt: number;
  deleting: boolean | null;
}
