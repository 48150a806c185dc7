/** The group routes (docs/protocol-extensions.md); the request carries `X-Hearth-Features`. */
import { uploadToCdn } from "@hearth/api/cdn";
import { request } from "@hearth/api/request";
import { groupJoined, groupLeft } from "./groupsStore";
import type { GroupDm } from "./types";

export const groupPath = (channelId: string) => `/app/groups/${channelId}`;
const base = (channelId: string) => `/group-dms/${encodeURIComponent(channelId)}`;

export async function createGroup(userIds: string[], name: string): Promise<GroupDm> {
  const group = await request<GroupDm>({ method: "POST", path: "/group-dms", body: { userIds, ...(name.trim() ? { name } : {}) } });
  groupJoined(group);
  return group;
}

export async function addMembers(channelId: string, userIds: string[]): Promise<void> {
  groupJoined(await request<GroupDm>({ method: "POST", path: `${base(channelId)}/members`, body: { userIds } }));
}

export async function removeMember(channelId: string, userId: string): Promise<void> {
  await request({ method: "DELETE", path: `${base(channelId)}/members/${encodeURIComponent(userId)}` });
}

export async function leaveGroup(channelId: string): Promise<void> {
  await request({ method: "POST", path: `${base(channelId)}/leave` });
  groupLeft({ channelId });
}

export async function renameGroup(channelId: string, name: string): Promise<void> {
  groupJoined(await request<GroupDm>({ method: "POST", path: base(channelId), body: { name: name.trim() || null } }));
}

export async function changeIcon(channelId: string, file: File | null): Promise<void> {
  const body = file ? { iconId: (await uploadToCdn({ type: "avatars", groupId: channelId, file })).fileId } : { removeIcon: true };
  groupJoined(await request<GroupDm>({ method: "POST", path: base(channelId), body }));
}
