/** The `channelCommands` extension: a server channel's bots' commands, for the composer's `/` list. */
import type { ChannelCommand } from "../../messages/web/public";
import { useServersStore } from "../../servers/web/public";
import { serverBotCommands } from "./applicationsApi";

/** The server's commands are asked again at most this often (the route allows 10 / 10 s). */
const CACHE_MS = 30_000;
const cache = new Map<string, { at: number; commands: Promise<ChannelCommand[]> }>();

export function channelCommands(channelId: string): Promise<ChannelCommand[]> {
  const state = useServersStore.getState();
  const serverId = state.channels[channelId]?.serverId;
  if (!serverId) return Promise.resolve([]); // direct messages have no bots' commands
  const cached = cache.get(serverId);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.commands;
  const commands = serverBotCommands(serverId).then(({ commands: list }) => {
    const members = useServersStore.getState().members[serverId] ?? {};
    return list.map((command) => ({ ...command, botName: members[command.botUserId]?.user.username ?? "" }));
  });
  commands.catch(() => cache.delete(serverId));
  cache.set(serverId, { at: Date.now(), commands });
  return commands;
}
