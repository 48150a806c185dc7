/**
 * The user's friend rows by the other user's id, kept live by the `friend:*`,
 * `user:blocked` and `user:unblocked` events (realtime.md §5.1, §5.3; spec §4 "Friend").
 */
import type { PresenceStatus } from "../../presence/web/public";
import { create } from "zustand";
import { FriendStatus, type Friend, type FriendUser } from "./types";

interface FriendsState {
  friends: Record<string, Friend>;
}

export const useFriendsStore = create<FriendsState>()(() => ({ friends: {} }));

function put(friend: Friend): void {
  useFriendsStore.setState(({ friends }) => ({ friends: { ...friends, [friend.recipientId]: friend } }));
}

function drop(userId: string): void {
  useFriendsStore.setState(({ friends }) => {
    if (!friends[userId]) return {};
    const { [userId]: _removed, ...rest } = friends;
    return { friends: rest };
  });
}

/** `user:authenticated.friends`: every row, blocks included. */
export function friendsAuthenticated(list: Friend[] | undefined): void {
  const friends: Record<string, Friend> = {};
  for (const friend of list ?? []) friends[friend.recipientId] = friend;
  useFriendsStore.setState({ friends });
}

/** `friend:request_sent` (status 0) and `friend:request_pending` (status 1). */
export const friendRequestReceived = (friend: Friend) => put(friend);

/** `friend:request_accepted {friendId}`: accept sets status to friends. */
export function friendRequestAccepted({ friendId }: { friendId: string }): void {
  const friend = useFriendsStore.getState().friends[friendId];
  if (friend) put({ ...friend, status: FriendStatus.FRIENDS });
}

/** `friend:removed {friendId}`: remove deletes the entry (a user who was just blocked gets it too). */
export function friendRemoved({ friendId }: { friendId: string }): void {
  const friend = useFriendsStore.getState().friends[friendId];
  // Our own block of that user stays: the event then concerns their side only.
  if (friend?.status === FriendStatus.BLOCKED) return;
  drop(friendId);
}

/** `user:blocked {user}`: a block sets the status to blocked. */
export function userBlocked({ user }: { user: FriendUser }): void {
  put({ recipientId: user.id, status: FriendStatus.BLOCKED, recipient: user });
}

/** `user:unblocked {userId}`: unblock deletes the entry. */
export function userUnblocked({ userId }: { userId: string }): void {
  const friend = useFriendsStore.getState().friends[userId];
  if (friend?.status === FriendStatus.BLOCKED) drop(userId);
}

/** `user:updated`: a friend changed their name, tag or picture. */
export function friendUserUpdated({ userId, updated }: { userId: string; updated: Partial<FriendUser> }): void {
  const friend = useFriendsStore.getState().friends[userId];
  if (friend) put({ ...friend, recipient: { ...friend.recipient, ...updated } });
}

export function useFriend(userId: string | undefined): Friend | undefined {
  return useFriendsStore((state) => (userId ? state.friends[userId] : undefined));
}

export function usePendingIncomingCount(): number {
  return useFriendsStore((state) => Object.values(state.friends).filter((friend) => friend.status === FriendStatus.PENDING).length);
}

export interface FriendGroups {
  online: Friend[];
  all: Friend[];
  incoming: Friend[];
  outgoing: Friend[];
  blocked: Friend[];
}

const byName = (a: Friend, b: Friend) =>
  a.recipient.username.localeCompare(b.recipient.username, undefined, { sensitivity: "base" }) ||
  a.recipient.tag.localeCompare(b.recipient.tag);

/** Splits the rows for the tabs: online friends, all friends, incoming and sent requests, blocked. */
export function groupFriends(friends: Record<string, Friend>, statuses: Readonly<Record<string, PresenceStatus>>): FriendGroups {
  const groups: FriendGroups = { online: [], all: [], incoming: [], outgoing: [], blocked: [] };
  for (const friend of Object.values(friends)) {
    if (friend.status === FriendStatus.FRIENDS) {
      groups.all.push(friend);
      if ((statuses[friend.recipientId] ?? 0) !== 0) groups.online.push(friend);
    } else if (friend.status === FriendStatus.PENDING) groups.incoming.push(friend);
    else if (friend.status === FriendStatus.SENT) groups.outgoing.push(friend);
    else if (friend.status === FriendStatus.BLOCKED) groups.blocked.push(friend);
  }
  for (const list of Object.values(groups)) list.sort(byName);
  return groups;
}
