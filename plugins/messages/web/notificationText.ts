/**
 * A message as one line of plain text for a notification: mentions, channels and custom emoji by
 * name, spoilers hidden, quotes and style markers left out, cut at 200 characters.
 */
import type { Message } from "./types";

export const NOTIFICATION_TEXT_LIMIT = 200;
const SPOILER = "█████";

export function notificationText(message: Pick<Message, "content" | "mentions" | "roleMentions">, channelName: (id: string) => string | undefined = () => undefined): string {
  const users = new Map((message.mentions ?? []).map((user) => [user.id, user.username]));
  const roles = new Map((message.roleMentions ?? []).map((role) => [role.id, role.name]));
  const text = (message.content ?? "")
    .replace(/\|\|[\s\S]+?\|\|/g, SPOILER)
    .replace(/\[@:e\]/g, "@everyone")
    .replace(/\[@:([A-Za-z0-9]{1,40})\]/g, (_all, id: string) => `@${users.get(id) ?? "user"}`)
    .replace(/\[r:([A-Za-z0-9]{1,40})\]/g, (_all, id: string) => `@${roles.get(id) ?? "role"}`)
    .replace(/\[#:([A-Za-z0-9]{1,40})\]/g, (_all, id: string) => `#${channelName(id) ?? "channel"}`)
    .replace(/\[q:[A-Za-z0-9]{1,40}\]/g, "")
    .replace(/\[(?:ce|ace|wace):[0-9]{1,40}:([A-Za-z0-9_-]{1,40})\]/g, ":$1:")
    .replace(/\*\*|__|~~|```|`/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > NOTIFICATION_TEXT_LIMIT ? `${text.slice(0, NOTIFICATION_TEXT_LIMIT - 1)}…` : text;
}
