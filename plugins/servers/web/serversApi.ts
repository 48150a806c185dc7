/** The servers routes (rest.md §4). Live state changes arrive as socket events; replies are used where no event comes. */
import { uploadToCdn } from "@hearth/api/cdn";
import { request } from "@hearth/api/request";
import type { UploadProgress } from "@hearth/api/upload";
import { expectServer, setRail, useServersStore } from "./serversStore";
import type { OrderOperation } from "./serverOrder";
import type { AuditLogPage, InvitePreview, MemberPage, Server, ServerBan, ServerChannel, ServerFolder, ServerInvite, ServerRole } from "./types";

const id = encodeURIComponent;
const base = (serverId: string) => `/servers/${id(serverId)}`;

/** Some upstream refusals answer `{error}` rather than `{message}` (rest.md §0.4). */
export function errorText(error: unknown, fallback: string): string {
  if (error && typeof error === "object") {
    const { message, error: other } = error as { message?: unknown; error?: unknown };
    if (typeof message === "string" && message) return message;
    if (typeof other === "string" && other) return other;
  }
  return fallback;
}

// Servers.

export async function createServer(name: string): Promise<Server> {
  const server = await request<Server>({ method: "POST", path: "/servers", body: { name } });
  expectServer(server.id);
  return server;
}

export function updateServer(serverId: string, changes: Record<string, unknown>): Promise<Partial<Server>> {
  return request({ method: "POST", path: base(serverId), body: changes });
}

export function deleteServer(serverId: string): Promise<unknown> {
  return request({ method: "DELETE", path: base(serverId) });
}

export function leaveServer(serverId: string): Promise<unknown> {
  return request({ method: "POST", path: `${base(serverId)}/leave` });
}

export function transferOwnership(serverId: string, newOwnerUserId: string, password: string): Promise<unknown> {
  return request({ method: "POST", path: `${base(serverId)}/transfer-ownership`, body: { password, newOwnerUserId } });
}

export function fetchAuditLogs(serverId: string, after?: string): Promise<AuditLogPage> {
  return request({ path: `${base(serverId)}/audit-logs`, query: { after, limit: 50 } });
}

/** A page of the member list, online members first (Hearth's own route, not the reference's). */
export function fetchMemberPage(serverId: string, after: string | null, limit = MEMBER_PAGE_SIZE): Promise<MemberPage> {
  return request({ path: `${base(serverId)}/members`, query: { after: after ?? undefined, limit } });
}

export const MEMBER_PAGE_SIZE = 100;

/** Members matching `query`, online first (Hearth's own route; the composer's `@` list). */
export function searchMembers(serverId: string, query: string, limit: number): Promise<Pick<MemberPage, "members" | "presences">> {
  return request({ path: `${base(serverId)}/members/search`, query: { q: query, limit } });
}

/** Uploads a server picture to the CDN in the server's group (rest.md §4.1); resolves with the file id. */
export function uploadServerImage(serverId: string, file: File, type: "avatars" | "profile_banners", onProgress?: (progress: UploadProgress) => void): Promise<{ fileId: string }> {
  return uploadToCdn({ type, groupId: serverId, file, onProgress });
}

// The rail.

async function runOrderOperation(operation: OrderOperation): Promise<void> {
  switch (operation.kind) {
    case "order":
      await request({ method: "POST", path: "/servers/order", body: { serverIds: operation.serverIds } });
      return;
    case "folder":
      await request({ method: "POST", path: `/servers/folders/${id(operation.folderId)}`, body: { serverIds: operation.serverIds } });
      return;
    case "createFolder":
      await request({ method: "POST", path: "/servers/folders", body: { serverIds: operation.serverIds } });
      return;
  }
}

/** Shows the new rail at once and sends the requests; on failure the previous rail comes back. */
export async function applyRailChange(orderedServerIds: string[], folders: ServerFolder[], operations: OrderOperation[]): Promise<void> {
  const before = useServersStore.getState();
  const previous = { orderedServerIds: before.orderedServerIds, folders: before.folders };
  setRail(orderedServerIds, folders);
  try {
    for (const operation of operations) await runOrderOperation(operation);
  } catch (error) {
    setRail(previous.orderedServerIds, previous.folders);
    throw error;
  }
}

export function updateFolder(folderId: string, changes: { name?: string; color?: string }): Promise<ServerFolder> {
  return request({ method: "POST", path: `/servers/folders/${id(folderId)}`, body: changes });
}

// Invites.

export function previewInvite(code: string): Promise<InvitePreview> {
  return request({ path: `/servers/invites/${id(code)}`, useToken: false });
}

export async function joinByInvite(code: string): Promise<Server> {
  const server = await request<Server>({ method: "POST", path: `/servers/invites/${id(code)}` });
  expectServer(server.id);
  return server;
}

export function fetchInvites(serverId: string): Promise<ServerInvite[]> {
  return request({ path: `${base(serverId)}/invites` });
}

export function createInvite(serverId: string): Promise<ServerInvite> {
  return request({ method: "POST", path: `${base(serverId)}/invites` });
}

export function createCustomInvite(serverId: string, code: string): Promise<ServerInvite> {
  return request({ method: "POST", path: `${base(serverId)}/invites/custom`, body: { code } });
}

export function deleteInvite(serverId: string, code: string): Promise<unknown> {
  return request({ method: "DELETE", path: `${base(serverId)}/invites/${id(code)}` });
}

/** An invite code from what the user pasted: a bare code or any link ending in `/i/{code}` or `/invites/{code}`. */
export function parseInviteCode(input: string): string {
  const text = input.trim();
  const match = /(?:\/i\/|\/invites\/)([^/?#\s]+)\/?(?:[?#].*)?$/.exec(text);
  return match ? decodeURIComponent(match[1]!) : text;
}

export function inviteLink(code: string): string {
  return `${window.location.origin}/i/${code}`;
}

// Channels.

export function createChannel(serverId: string, type: 1 | 2, name?: string): Promise<ServerChannel> {
  return request({ method: "POST", path: `${base(serverId)}/channels`, body: name ? { name, type } : { type } });
}

export function updateChannel(serverId: string, channelId: string, changes: Record<string, unknown>): Promise<Partial<ServerChannel>> {
  return request({ method: "POST", path: `${base(serverId)}/channels/${id(channelId)}`, body: changes });
}

export function deleteChannel(serverId: string, channelId: string): Promise<unknown> {
  return request({ method: "DELETE", path: `${base(serverId)}/channels/${id(channelId)}` });
}

export function orderChannels(serverId: string, channelIds: string[], categoryId?: string | null): Promise<unknown> {
  return request({ method: "POST", path: `${base(serverId)}/channels/order`, body: categoryId ? { channelIds, categoryId } : { channelIds } });
}

export interface ChannelPermissionsReply {
  serverId: string;
  channelId: string;
  roleId: string;
  permissions: number;
}

export function setChannelPermissions(serverId: string, channelId: string, roleId: string, permissions: number): Promise<ChannelPermissionsReply> {
  return request({ method: "POST", path: `${base(serverId)}/channels/${id(channelId)}/permissions/${id(roleId)}`, body: { permissions } });
}

export function setChannelNotice(serverId: string, channelId: string, content: string): Promise<unknown> {
  return request({ method: "PUT", path: `${base(serverId)}/channels/${id(channelId)}/notice`, body: { content } });
}

export function deleteChannelNotice(serverId: string, channelId: string): Promise<unknown> {
  return request({ method: "DELETE", path: `${base(serverId)}/channels/${id(channelId)}/notice` });
}

// Roles and members.

export function createRole(serverId: string): Promise<ServerRole> {
  return request({ method: "POST", path: `${base(serverId)}/roles` });
}

export function updateRole(serverId: string, roleId: string, changes: Partial<ServerRole>): Promise<Partial<ServerRole>> {
  return request({ method: "POST", path: `${base(serverId)}/roles/${id(roleId)}`, body: changes });
}

export function deleteRole(serverId: string, roleId: string): Promise<unknown> {
  return request({ method: "DELETE", path: `${base(serverId)}/roles/${id(roleId)}` });
}

/** Every role id of the server, lowest first (index 0 is the default role). */
export function orderRoles(serverId: string, roleIds: string[]): Promise<unknown> {
  return request({ method: "POST", path: `${base(serverId)}/roles/order`, body: { roleIds } });
}

export function setMemberRoles(serverId: string, userId: string, roleIds: string[]): Promise<unknown> {
  return request({ method: "POST", path: `${base(serverId)}/members/${id(userId)}`, body: { roleIds } });
}

export function setNickname(serverId: string, userId: string, nickname: string | null): Promise<unknown> {
  return request({ method: "POST", path: `${base(serverId)}/members/${id(userId)}/profile`, body: { nickname } });
}

export function kickMember(serverId: string, userId: string): Promise<unknown> {
  return request({ method: "DELETE", path: `${base(serverId)}/members/${id(userId)}/kick` });
}

export function banMember(serverId: string, userId: string, deleteRecentMessages: boolean, reason?: string): Promise<unknown> {
  return request({
    method: "POST",
    path: `${base(serverId)}/bans/${id(userId)}`,
    query: deleteRecentMessages ? { shouldDeleteRecentMessages: true } : undefined,
    body: reason ? { reason } : {},
  });
}

/** A time out: the member cannot send messages until `expireAt` (rest.md §4.6 mutes). */
export function muteMember(serverId: string, userId: string, expireAt: number): Promise<unknown> {
  return request({ method: "POST", path: `${base(serverId)}/mutes/${id(userId)}`, body: { expireAt } });
}

export function unmuteMember(serverId: string, userId: string): Promise<unknown> {
  return request({ method: "DELETE", path: `${base(serverId)}/mutes/${id(userId)}` });
}

export function fetchBans(serverId: string): Promise<ServerBan[]> {
  return request({ path: `${base(serverId)}/bans` });
}

export function unban(serverId: string, userId: string): Promise<unknown> {
  return request({ method: "DELETE", path: `${base(serverId)}/bans/${id(userId)}` });
}
