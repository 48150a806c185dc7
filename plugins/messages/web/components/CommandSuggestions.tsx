/** The `/` autocomplete of the composer: the channel's bots' commands with their descriptions and arguments. */
import { channelCommands, type ChannelCommand } from "@hearth/plugins/extensions";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { t } from "../i18n";
import { commandQuery, matchCommands } from "./commands";

export interface CommandSuggestionsState {
  items: ChannelCommand[];
  index: number;
  update: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => boolean;
  pick: (index: number) => void;
  setIndex: (index: number) => void;
  close: () => void;
}

/** `apply(command)` receives the picked command (the composer writes `/name ` and remembers the bot). */
export function useCommandSuggestions(channelId: string, apply: (command: ChannelCommand) => void): CommandSuggestionsState {
  const [items, setItems] = useState<ChannelCommand[]>([]);
  const [index, setIndex] = useState(0);
  const asked = useRef(0);

  const update = useCallback(
    (text: string) => {
      const query = commandQuery(text);
      if (query === null) {
        setItems([]);
        return;
      }
      const call = ++asked.current;
      channelCommands(channelId)
        .then((commands) => {
          if (call !== asked.current) return;
          setItems(matchCommands(commands, query));
          setIndex(0);
        })
        .catch(() => setItems([]));
    },
    [channelId],
  );

  const close = useCallback(() => {
    asked.current++;
    setItems([]);
  }, []);

  const pick = useCallback(
    (at: number) => {
      const command = items[at];
      if (!command) return;
      close();
      apply(command);
    },
    [apply, close, items],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>): boolean => {
      if (!items.length || event.nativeEvent.isComposing) return false;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        setIndex((index + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length);
        return true;
      }
      if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") {
        event.preventDefault();
        pick(index);
        return true;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        return true;
      }
      return false;
    },
    [close, index, items.length, pick],
  );

  useEffect(() => close(), [channelId, close]);

  return { items, index, update, onKeyDown, pick, setIndex, close };
}

export function CommandSuggestions({ state, id }: { state: CommandSuggestionsState; id: string }) {
  if (!state.items.length) return null;
  return (
    <div className="shortcodes-anchor">
      <ul className="shortcodes command-suggestions" role="listbox" id={id} aria-label={t("composer.commands")}>
        {state.items.map((command, at) => (
          <li
            key={`${command.botUserId}-${command.name}`}
            id={`${id}-${at}`}
            role="option"
            aria-selected={at === state.index}
            className={`shortcodes__item command-suggestions__item${at === state.index ? " shortcodes__item--active" : ""}`}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => state.setIndex(at)}
            onClick={() => state.pick(at)}
          >
            <span className="command-suggestions__name">
              /{command.name}
              {command.args && <span className="command-suggestions__args"> {command.args}</span>}
            </span>
            <span className="command-suggestions__description muted">
              {command.description ?? ""} · {command.botName}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
