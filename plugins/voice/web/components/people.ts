/**
 * Who a participant is: a member of the call's server, the DM's recipient, or oneself — or,
 * when none of those is loaded (a server's members come a page at a time, and a reloaded call
 * lists its participants before any page), their profile, asked for once (`GET /users/{id}`).
 */
import { request } from "@hearth/api/request";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useEffect } from "react";
import { create } from "zustand";
import { useInboxStore } from "../../../inbox/web/public";
import { useServersStore } from "../../../servers/web/public";

export interface Person {
  id: string;
  username: string;
  avatar?: string | null;
  hexColor?: string | null;
}

/** Profiles fetched for participants nobody else knew; null while asked for or after a failure. */
export const useFetchedPeople = create<{ people: Record<string, Person | null> }>()(() => ({ people: {} }));

export async function fetchPerson(userId: string): Promise<void> {
  if (userId in useFetchedPeople.getState().people) return;
  useFetchedPeople.setState(({ people }) => ({ people: { ...people, [userId]: null } }));
  try {
    const { user } = await request<{ user: Person }>({ path: `/users/${encodeURIComponent(userId)}` });
    useFetchedPeople.setState(({ people }) => ({
      people: { ...people, [userId]: { id: userId, username: user.username, avatar: user.avatar, hexColor: user.hexColor } },
    }));
  } catch {
    // stays a placeholder; the next mount of an unknown participant does not ask again
  }
}

export function usePerson(userId: string, serverId?: string): Person {
  const self = useSelfUserStore((state) => (state.user?.id === userId ? state.user : null));
  const member = useServersStore((state) => (serverId ? state.members[serverId]?.[userId]?.user : undefined));
  const recipient = useInboxStore((state) => Object.values(state.inboxes).find((inbox) => inbox.recipientId === userId)?.recipient);
  const fetched = useFetchedPeople((state) => state.people[userId]);
  const found = self ?? member ?? recipient ?? fetched;
  const unknown = !self && !member && !recipient;
  useEffect(() => {
    if (unknown) void fetchPerson(userId);
  }, [unknown, userId]);
  return found ? { id: userId, username: found.username, avatar: found.avatar, hexColor: found.hexColor } : { id: userId, username: "…" };
}
/** The other person of a DM channel, when the inbox knows it. */
export function useDmRecipient(channelId: string): Person | null {
  const inbox = useInboxStore((state) => state.inboxes[channelId]);
  return inbox ? { id: inbox.recipient.id, username: inbox.recipient.username, avatar: inbox.recipient.avatar, hexColor: inbox.recipient.hexColor } : null;
}
