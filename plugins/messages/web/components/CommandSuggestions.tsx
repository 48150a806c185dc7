/**
 * The `/` autocomplete of the composer: the channel's bots' commands with their descriptions and
 * arguments — a provider of the shell's suggestion mechanism, like emoji and mentions.
 */
import { channelCommands, type ChannelCommand } from "../slots";
import type { SuggestionItem, SuggestionProvider } from "@hearth/ui/suggest/useSuggestions";
import { t } from "../i18n";
import { commandQuery, matchCommands } from "./commands";

// The last commands seen per channel: the list stays open while the next answer comes.
const lastCommands = new Map<string, ChannelCommand[]>();

/** `picked(command)` runs once `/name ` is in the text (the composer remembers the bot). */
export function commandSuggestions(channelId: string, picked: (command: ChannelCommand) => void): SuggestionProvider {
  const item = (command: ChannelCommand): SuggestionItem => ({
    key: `${command.botUserId}-${command.name}`,
    insert: `/${command.name}`,
    label: command.args ? `/${command.name} ${command.args}` : `/${command.name}`,
    detail: `${command.description ?? ""} · ${command.botName}`,
    variant: "command",
    onPick: () => picked(command),
  });
  return {
    label: () => t("composer.commands"),
    find: (text, caret) => {
      const query = caret === text.length ? commandQuery(text) : null;
      return query === null ? null : { start: 0, query };
    },
    suggest: (query) => ({
      items: matchCommands(lastCommands.get(channelId) ?? [], query).map(item),
      later: channelCommands(channelId).then((commands) => {
        lastCommands.set(channelId, commands);
        return matchCommands(commands, query).map(item);
      }),
    }),
  };
}
