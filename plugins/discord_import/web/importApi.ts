/** `/api/discord-imports` (docs/protocol-extensions.md, "Discord import"). */
import { FEATURES_HEADER, requestedFeatures } from "@hearth/api/features";
import { authHeaders, buildUrl, request } from "@hearth/api/request";
import { errorFromResponse, networkError } from "@hearth/api/requestErrors";

export const FEATURE = "discord_import";

/** `dce`: DiscordChatExporter's export; `package`: the user's own Discord data package. */
export type ImportSource = "dce" | "package";

export interface ImportReport {
  /** Absent in reports of an older Hearth (which read only DiscordChatExporter's exports). */
  source?: ImportSource;
  privateChannelsLeftOut?: number;
  guild: string;
  categories: string[];
  channels: { name: string; category: string | null; messages: number }[];
  messages: number;
  authors: number;
  attachments: number;
  attachmentsNotInArchive: number;
  reactions: number;
  pins: number;
  replies: number;
  truncated: number;
  skipped: number;
}

export interface DiscordImport {
  id: string;
  serverId: string;
  status: "planned" | "queued" | "running" | "done" | "failed";
  report: ImportReport;
  messagesTotal: number;
  messagesDone: number;
  channelsDone: number;
  error: string | null;
}

/** The zip sent as the raw body (the request client sends JSON only). */
export function uploadExport(serverId: string, file: File, source: ImportSource = "dce"): Promise<DiscordImport> {
  return sendZip(`/discord-imports/servers/${encodeURIComponent(serverId)}?source=${source}`, file);
}

/** The zip checked, a server made for it (owned by the caller) and the import queued into it. */
export function importIntoNewServer(file: File, source: ImportSource): Promise<DiscordImport> {
  return sendZip(`/discord-imports/new-server?source=${source}`, file);
}

async function sendZip(path: string, file: File): Promise<DiscordImport> {
  const features = [...new Set([...requestedFeatures(), FEATURE])].sort().join(",");
  let response: Response;
  let text: string;
  try {
    response = await fetch(buildUrl(path), {
      method: "POST",
      headers: { ...authHeaders(), [FEATURES_HEADER]: features, "Content-Type": "application/zip", "File-Name": encodeURIComponent(file.name) },
      body: file,
    });
    text = await response.text();
  } catch {
    throw networkError();
  }
  if (!response.ok) throw errorFromResponse(response.status, text);
  return JSON.parse(text) as DiscordImport;
}

export function startImport(importId: string): Promise<DiscordImport> {
  return request<DiscordImport>({ method: "POST", path: `/discord-imports/${encodeURIComponent(importId)}/start`, features: [FEATURE] });
}

export function getImport(importId: string): Promise<DiscordImport> {
  return request<DiscordImport>({ path: `/discord-imports/${encodeURIComponent(importId)}`, features: [FEATURE] });
}

export function serverImports(serverId: string): Promise<DiscordImport[]> {
  return request<DiscordImport[]>({ path: `/discord-imports/servers/${encodeURIComponent(serverId)}`, features: [FEATURE] });
}

export interface Placeholder {
  id: string;
  username: string;
  tag: string;
  avatar: string | null;
}

export function placeholders(serverId: string): Promise<Placeholder[]> {
  return request<Placeholder[]>({ path: `/discord-imports/servers/${encodeURIComponent(serverId)}/authors`, features: [FEATURE] });
}

export function claimLink(serverId: string, userId: string): Promise<{ token: string; url: string }> {
  return request<{ token: string; url: string }>({
    method: "POST",
    path: `/discord-imports/servers/${encodeURIComponent(serverId)}/authors/${encodeURIComponent(userId)}/claim-link`,
    features: [FEATURE],
  });
}

export function claimPlaceholder(token: string): Promise<{ serverId: string; messages: number }> {
  return request<{ serverId: string; messages: number }>({ method: "POST", path: `/discord-imports/claims/${encodeURIComponent(token)}`, features: [FEATURE] });
}
