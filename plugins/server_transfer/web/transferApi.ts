/** `/api/server-transfers` (docs/protocol-extensions.md, "Server export and import"). */
import { FEATURES_HEADER, requestedFeatures } from "@hearth/api/features";
import { authHeaders, buildUrl, request } from "@hearth/api/request";
import { errorFromResponse, networkError } from "@hearth/api/requestErrors";

export const FEATURE = "server_transfer";

export interface ImportReport {
  server: string;
  exportedAt: string | null;
  roles: number;
  categories: number;
  channels: string[];
  history: boolean;
  messages: number;
  authors: number;
  attachments: number;
  reactions: number;
  matches: { authorId: string; userId: string; username: string; tag: string }[];
  /** Per plugin part, what the import will not make (emojis: reason `picture` or `limit`). */
  itemsLeftOut?: Record<string, { name: string; reason: string }[]>;
}

export interface ServerTransfer {
  id: string;
  kind: "export" | "import";
  serverId: string | null;
  status: "planned" | "queued" | "running" | "ready" | "done" | "failed" | "expired";
  history: boolean;
  report: ImportReport;
  done: number;
  total: number;
  size: number | null;
  error: string | null;
}

function features(): string {
  return [...new Set([...requestedFeatures(), FEATURE])].sort().join(",");
}

async function raw(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path), { ...init, headers: { ...authHeaders(), [FEATURES_HEADER]: features(), ...init.headers } });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw errorFromResponse(response.status, await response.text());
  return response;
}

export function askExport(serverId: string, history: boolean): Promise<ServerTransfer> {
  return request<ServerTransfer>({ method: "POST", path: `/server-transfers/servers/${encodeURIComponent(serverId)}/exports`, body: { history }, features: [FEATURE] });
}

export function serverExports(serverId: string): Promise<ServerTransfer[]> {
  return request<ServerTransfer[]>({ path: `/server-transfers/servers/${encodeURIComponent(serverId)}/exports`, features: [FEATURE] });
}

export function getTransfer(id: string): Promise<ServerTransfer> {
  return request<ServerTransfer>({ path: `/server-transfers/${encodeURIComponent(id)}`, features: [FEATURE] });
}

/** The finished zip, fetched with the session (the route needs it) and handed to the browser as a download. */
export async function downloadExport(id: string): Promise<void> {
  const blob = await (await raw(`/server-transfers/${encodeURIComponent(id)}/file`, {})).blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `hearth-server-${id}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The server file sent as the raw body (the request client sends JSON only). */
export async function uploadServerFile(file: File): Promise<ServerTransfer> {
  const response = await raw("/server-transfers/imports", {
    method: "POST",
    headers: { "Content-Type": "application/zip", "File-Name": encodeURIComponent(file.name) },
    body: file,
  });
  return (await response.json()) as ServerTransfer;
}

export function startImport(id: string, confirm: string[]): Promise<ServerTransfer> {
  return request<ServerTransfer>({ method: "POST", path: `/server-transfers/${encodeURIComponent(id)}/start`, body: { confirm }, features: [FEATURE] });
}
