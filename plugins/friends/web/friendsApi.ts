/** Friends and blocking over REST (rest.md §1.20–1.21, §2); the store follows the replies too. */
import { request } from "@hearth/api/request";
import { friendRemoved, friendRequestAccepted, friendRequestReceived, useFriendsStore, userBlocked, userUnblocked } from "./friendsStore";
import type { Friend, FriendUser } from "./types";

const id = (value: string) => encodeURIComponent(value);

/** `username:tag` → its parts; null when it is not of that form. */
export function parseUsernameAndTag(input: string): { username: string; tag: string } | null {
  const trimmed = input.trim();
  const colon = trimmed.lastIndexOf(":");
  if (colon <= 0 || colon === trimmed.length - 1) return null;
  return { username: trimmed.slice(0, colon).trim(), tag: trimmed.slice(colon + 1).trim() };
}

export async function sendFriendRequest(username: string, tag: string): Promise<Friend> {
  const friend = await request<Friend>({ method: "POST", path: "/friends/add", body: { username, tag } });
  if (friend?.recipientId) friendRequestReceived(friend);
  return friend;
}

export async function acceptFriendRequest(userId: string): Promise<void> {
  await request({ method: "POST", path: `/friends/${id(userId)}` });
  friendRequestAccepted({ friendId: userId });
}

/** Removes a friend, declines an incoming request or cancels a sent one. */
export async function removeFriend(userId: string): Promise<void> {
  await request({ method: "DELETE", path: `/friends/${id(userId)}` });
  friendRemoved({ friendId: userId });
}

export async function blockUser(user: FriendUser): Promise<void> {
  await request({ method: "POST", path: `/users/${id(user.id)}/block` });
  const known = useFriendsStore.getState().friends[user.id]?.recipient;
  userBlocked({ user: known ?? user });
}

export async function unblockUser(userId: string): Promise<void> {
  await request({ method: "DELETE", path: `/users/${id(userId)}/block` });
  userUnblocked({ userId });
}
