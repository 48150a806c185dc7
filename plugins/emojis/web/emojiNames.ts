/** Names of custom emojis, as the server stores them (rest.md §4.8). */
import type { CustomEmojiGroup } from "@hearth/ui/emoji/customEmoji";
import type { Server } from "../../servers/web/public";

export const MAX_EMOJIS = 80;
export const MAX_EMOJIS_VERIFIED = 200;

/** Every character that is not an ASCII letter or digit becomes "_" (as the server does). */
export function sanitiseEmojiName(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, "_");
}

/** A name for an uploaded file: its base name, sanitised, 2 to 15 characters. */
export function nameFromFile(fileName: string): string {
  const base = sanitiseEmojiName(fileName.replace(/\.[^.]*$/, "")).replace(/^_+|_+$/g, "").slice(0, 15);
  return base.length >= 2 ? base : "emoji";
}

export function emojiLimit(server: Pick<Server, "verified">): number {
  return server.verified ? MAX_EMOJIS_VERIFIED : MAX_EMOJIS;
}

/** The emoji picker's custom sections: one per server with emojis, in the rail's order. */
export function groupsFromServers(servers: Record<string, Server>, order: string[]): CustomEmojiGroup[] {
  const ids = [...order.filter((id) => servers[id]), ...Object.keys(servers).filter((id) => !order.includes(id))];
  return ids
    .map((id) => servers[id]!)
    .filter((server) => (server.customEmojis ?? []).length > 0)
    .map((server) => ({ id: server.id, name: server.name, emojis: server.customEmojis ?? [] }));
}
