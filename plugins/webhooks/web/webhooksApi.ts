/** REST calls of channel webhooks (rest.md §4.10) and the execute URL (§17). */
import { request } from "@hearth/api/request";
import type { Webhook } from "./types";

const base = (serverId: string, channelId: string) => `/servers/${encodeURIComponent(serverId)}/channels/${encodeURIComponent(channelId)}/webhooks`;
const one = (serverId: string, channelId: string, webhookId: string) => `${base(serverId, channelId)}/${encodeURIComponent(webhookId)}`;

export function listWebhooks(serverId: string, channelId: string): Promise<Webhook[]> {
  return request<Webhook[]>({ path: base(serverId, channelId) });
}

export function createWebhook(serverId: string, channelId: string): Promise<Webhook> {
  return request<Webhook>({ method: "POST", path: base(serverId, channelId) });
}

export function getWebhook(serverId: string, channelId: string, webhookId: string): Promise<Webhook> {
  return request<Webhook>({ path: one(serverId, channelId, webhookId) });
}

export function renameWebhook(serverId: string, channelId: string, webhookId: string, name: string): Promise<Webhook> {
  return request<Webhook>({ method: "POST", path: one(serverId, channelId, webhookId), body: { name } });
}

export function deleteWebhook(serverId: string, channelId: string, webhookId: string): Promise<unknown> {
  return request({ method: "DELETE", path: one(serverId, channelId, webhookId) });
}

export async function fetchWebhookToken(serverId: string, channelId: string, webhookId: string): Promise<string> {
  return (await request<{ token: string }>({ path: `${one(serverId, channelId, webhookId)}/token` })).token;
}

/** `<origin>/api/webhooks/<id>/<token>`: what a service POSTs to. */
export function executeUrl(origin: string, webhookId: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}/api/webhooks/${encodeURIComponent(webhookId)}/${encodeURIComponent(token)}`;
}

/** The client-side check of a new name (the server has the final word, rest.md §4.10). */
export function nameProblem(name: string): "nameLength" | "nameSymbols" | null {
  if (name.includes("@") || name.includes(":")) return "nameSymbols";
  if (name.length < 3 || name.length > 35) return "nameLength";
  return null;
}
