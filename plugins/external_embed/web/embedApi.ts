/** The external embed routes (rest.md §4.11) and the invites they start from (§4.7). */
import { request } from "@hearth/api/request";

export interface ExternalEmbed {
  id: string;
  type: number;
  serverId: string | null;
  serverInviteCode: string | null;
  userId: string | null;
}

export interface InviteSummary {
  code: string;
  isCustom: boolean;
  uses: number;
}

const base = (serverId: string) => `/servers/${encodeURIComponent(serverId)}`;

export function fetchEmbed(serverId: string): Promise<ExternalEmbed> {
  return request({ path: `${base(serverId)}/external-embed` });
}

export function createEmbed(serverId: string, inviteCode: string): Promise<{ id: string }> {
  return request({ method: "POST", path: `${base(serverId)}/external-embed`, query: { inviteId: inviteCode } });
}

export function deleteEmbed(serverId: string): Promise<unknown> {
  return request({ method: "DELETE", path: `${base(serverId)}/external-embed` });
}

export function fetchInvites(serverId: string): Promise<InviteSummary[]> {
  return request({ path: `${base(serverId)}/invites` });
}

export function createInvite(serverId: string): Promise<InviteSummary> {
  return request({ method: "POST", path: `${base(serverId)}/invites` });
}

/** The public widget data other sites fetch. */
export function embedJsonUrl(serverId: string, origin = window.location.origin): string {
  return `${origin}/api${base(serverId)}/external-embed.json`;
}

/** The server's message for a failed call (the servers bundle reads every error shape). */
export { errorText } from "../../servers/web/public";

export function isMissing(error: unknown): boolean {
  return Boolean(error && typeof error === "object" && (error as { message?: unknown }).message === "Embed not found.");
}

/** The signed-in user's own embed (rest.md §1.7–1.10). */
export function fetchUserEmbed(userId: string): Promise<ExternalEmbed> {
  return request({ path: `/users/${encodeURIComponent(userId)}/external-embed` });
}

export function createUserEmbed(): Promise<{ id: string }> {
  return request({ method: "POST", path: "/users/external-embed" });
}

export function deleteUserEmbed(): Promise<unknown> {
  return request({ method: "DELETE", path: "/users/external-embed" });
}

export function userEmbedJsonUrl(userId: string, origin = window.location.origin): string {
  return `${origin}/api/users/${encodeURIComponent(userId)}/external-embed.json`;
}
