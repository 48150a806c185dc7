/** Bots' slash commands in the composer: what was typed, what matches, what is sent. */
import type { ChannelCommand } from "../slots";

/** The command name being typed (`/pi` → "pi"), or null when the text is not a bare `/word`. */
export function commandQuery(text: string): string | null {
  const match = /^\/([A-Za-z]*)$/.exec(text);
  return match ? match[1]!.toLowerCase() : null;
}

export function matchCommands(commands: readonly ChannelCommand[], query: string, limit = 8): ChannelCommand[] {
  return commands.filter((command) => command.name.toLowerCase().startsWith(query)).slice(0, limit);
}

/**
 * The content as sent: a picked command gets its bot's id appended (`/ping args` →
 * `/ping:<botId> args`, spec §5), so only that bot answers. Unchanged when the text no longer
 * starts with the picked command.
 */
export function withBotId(content: string, picked: Pick<ChannelCommand, "name" | "botUserId"> | null): string {
  if (!picked) return content;
  const prefix = `/${picked.name}`;
  if (content !== prefix && !content.startsWith(`${prefix} `)) return content;
  return `${prefix}:${picked.botUserId}${content.slice(prefix.length)}`;
}

/** A line `/name:<botId> args` as sent (see `withBotId`). */
const SENT_COMMAND = /^(\/[^:\s]*):\d+( .*)?$/m;

/**
 * The content as shown: the first command line loses its bot id (`/ping:<botId> args` →
 * `/ping args`), as the reference client draws it. Other text is unchanged.
 */
export function withoutBotId(content: string): string {
  return content.replace(SENT_COMMAND, "$1$2");
}
