/** Who a participant is: a member of the call's server, the DM's recipient, or oneself. */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useInboxStore } from "../../../inbox/web/public";
import { useServersStore } from "../../../servers/web/public";

export interface Person {
  id: string;
  username: string;
  avatar?: string | null;
  hexColor?: string | null;
}

export function usePerson(userId: string, serverId?: string): Person {
  const self = useSelfUserStore((state) => (state.user?.id === userId ? state.user : null));
  const member = useServersStore((state) => (serverId ? state.members[serverId]?.[userId]?.user : undefined));
  const recipient = useInboxStore((state) => Object.values(state.inboxes).find((inbox) => inbox.recipientId === userId)?.recipient);
  const found = self ?? member ?? recipient;
  return found ? { id: userId, username: found.username, avatar: found.avatar, hexColor: found.hexColor } : { id: userId, username: "…" };
}

/** The other person of a DM channel, when the inbox knows it. */
export function useDmRecipient(channelId: string): Person | null {
  const inbox = useInboxStore((state) => state.inboxes[channelId]);
  return inbox ? { id: inbox.recipient.id, username: inbox.recipient.username, avatar: inbox.recipient.avatar, hexColor: inbox.recipient.hexColor } : null;
}
