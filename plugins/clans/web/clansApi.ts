/** The clan routes (rest.md §4.12) and wearing one (`clanServerId` of `POST /users`, §1.19). */
import { uploadToCdn } from "@hearth/api/cdn";
import { request } from "@hearth/api/request";

export interface Clan {
  tag: string;
  icon: string;
  serverId?: string;
}

const base = (serverId: string) => `/servers/${encodeURIComponent(serverId)}/clans`;

/** The icon is uploaded like a server picture: type avatars, in the server's group. */
export async function uploadClanIcon(serverId: string, file: File): Promise<string> {
  return (await uploadToCdn({ type: "avatars", groupId: serverId, file })).fileId;
}

export function saveClan(serverId: string, tag: string, icon: string): Promise<Clan> {
  return request({ method: "POST", path: base(serverId), body: { tag, icon } });
}

export function deleteClan(serverId: string): Promise<unknown> {
  return request({ method: "DELETE", path: base(serverId) });
}

export async function fetchWornClan(userId: string): Promise<Clan | null> {
  const details = await request<{ profile?: { clan?: Clan | null } | null }>({ path: `/users/${encodeURIComponent(userId)}` });
  return details.profile?.clan ?? null;
}

export async function wearClan(serverId: string | null): Promise<Clan | null> {
  const body = await request<{ user: { profile?: { clan?: Clan | null } | null } }>({ method: "POST", path: "/users", body: { clanServerId: serverId } });
  return body.user.profile?.clan ?? null;
}
