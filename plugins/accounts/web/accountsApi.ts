/** REST calls of the account and badges settings screens (rest.md §1.4–1.6, 1.19, 1.25, 1.29). */
import { request } from "@hearth/api/request";
import type { SelfUser } from "@hearth/stores/selfUserStore";

export interface AccountChanges {
  username?: string;
  tag?: string;
  email?: string;
  /** The current password: required for changing username, tag, email or password (unless the
   * account has none yet: then `newPassword` alone sets its first). */
  password?: string;
  newPassword?: string;
  avatarId?: string | null;
  bannerId?: string | null;
  /** Profile fields (entities.md §3.4); null clears one. */
  bio?: string | null;
  bgColorOne?: string | null;
  bgColorTwo?: string | null;
  primaryColor?: string | null;
  font?: number | null;
  dmStatus?: number;
  friendRequestStatus?: number;
  lastOnlineStatus?: number;
  hideFollowers?: boolean;
  hideFollowing?: boolean;
}

/** The profile part of the update's reply (rest.md §1.19). */
export interface UpdatedProfile {
  bio: string | null;
  bgColorOne: string | null;
  bgColorTwo: string | null;
  primaryColor: string | null;
  font: number | null;
}

export interface AccountUpdateReply {
  user: SelfUser & { profile?: UpdatedProfile | null };
  /** Issued when the password changed; every other session was revoked. */
  newToken?: string;
}

export type DeviceType = 0 | 1 | 2;

export interface AccountSession {
  deviceType: DeviceType;
  sessionId: string;
  location: string;
  lastSeenAt: number;
  /** Hearth's own (`session-details`): the browser and system read from the user agent. */
  device?: { browser: string | null; os: string | null };
  createdAt?: number;
  current?: boolean;
}

export function updateAccount(changes: AccountChanges): Promise<AccountUpdateReply> {
  return request<AccountUpdateReply>({ method: "POST", path: "/users", body: changes });
}

/** Hearth's own: whether the account has a password (one made through single sign-on has none). */
export async function hasPassword(): Promise<boolean> {
  return (await request<{ passwordSet: boolean }>({ path: "/users/password" })).passwordSet;
}

export function getSessions(): Promise<AccountSession[]> {
  return request<AccountSession[]>({ path: "/users/sessions", features: ["session-details"] });
}

/** "Log out everywhere else": every session but this one (Hearth's `keepCurrent`). */
export function revokeOtherSessions(password: string): Promise<unknown> {
  return request({ method: "DELETE", path: "/users/sessions", body: { password, keepCurrent: true } });
}

export function revokeSession(sessionId: string, password: string): Promise<unknown> {
  return request({ method: "DELETE", path: `/users/sessions/${encodeURIComponent(sessionId)}`, body: { password } });
}

export function deleteAccount(password: string, deleteContent: boolean): Promise<unknown> {
  return request({ method: "DELETE", path: "/users/delete-account", body: { password, deleteContent } });
}

/** An owned item (rest.md §1.6); `itemId` is the badge bit as a decimal string. */
export interface InventoryItem {
  id: string;
  userId: string;
  itemType: "badge";
  itemId: string;
  acquiredAt: number;
}

export function getInventory(): Promise<InventoryItem[]> {
  return request<InventoryItem[]>({ path: "/users/inventory" });
}

/** Shows the badge if hidden, hides it if shown (rest.md §1.29): the new `badges` bitfield. */
export function toggleBadge(bit: number): Promise<{ badges: number }> {
  return request<{ badges: number }>({ method: "POST", path: "/users/badges/toggle", body: { bit } });
}
