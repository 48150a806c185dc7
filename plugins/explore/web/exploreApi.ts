/** The explore routes (rest.md §6.1–6.6). */
import { request } from "@hearth/api/request";
import type { Server } from "../../servers/web/public";
import type { ExploreItem, ExploreQuery } from "./types";

export const PAGE_SIZE = 24;
/** The bump cooldown of rest.md §6.6; weekly counts start again on Monday 00:00 UTC. */
export const BUMP_COOLDOWN_MS = 3 * 60 * 60 * 1000;

const id = encodeURIComponent;

export function listServers(query: ExploreQuery, afterId?: string): Promise<ExploreItem[]> {
  return request({
    path: "/explore",
    query: { type: "server", sort: query.sort, filter: query.filter, search: query.search.trim() || undefined, limit: PAGE_SIZE, afterId },
  });
}

export function getServerListing(serverId: string): Promise<ExploreItem> {
  return request({ path: `/explore/servers/${id(serverId)}` });
}

export function publishServer(serverId: string, description: string): Promise<ExploreItem> {
  return request({ method: "POST", path: `/explore/servers/${id(serverId)}`, body: { description } });
}

export function unpublish(itemId: string): Promise<unknown> {
  return request({ method: "DELETE", path: `/explore/${id(itemId)}` });
}

export function joinPublicServer(serverId: string): Promise<Server> {
  return request({ method: "POST", path: `/explore/servers/${id(serverId)}/join` });
}

export function bump(itemId: string): Promise<ExploreItem> {
  return request({ method: "POST", path: `/explore/${id(itemId)}/bump`, body: {} });
}

/** Milliseconds until the listing can be bumped again (0: now). */
export function bumpWait(item: Pick<ExploreItem, "bumpedAt">, now = Date.now()): number {
  return Math.max(0, item.bumpedAt + BUMP_COOLDOWN_MS - now);
}

/** `{message}` of a refusal, or the fallback. */
/** The server's message for a failed call (the servers bundle reads every error shape). */
export { errorText } from "../../servers/web/public";

/** "Server not found." is how §6.2 says a server is not published. */
export function isNotListed(error: unknown): boolean {
  return Boolean(error && typeof error === "object" && (error as { message?: unknown }).message === "Server not found.");
}
