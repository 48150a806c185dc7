/**
 * The autocomplete of a text box: what is typed just before the caret (`:sm`, `@al`, `#ge`, `/pi`)
 * opens a list of suggestions above it, driven by the keyboard (up/down, Enter or Tab to pick,
 * Escape to close) or the mouse. Each kind of suggestion is a provider; the first provider that
 * recognises the text before the caret fills the list. Emoji shortcodes, mentions, channels and
 * bots' commands all go through this one mechanism.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface SuggestionItem {
  key: string;
  /** What replaces the typed trigger and query (a space follows it). */
  insert: string;
  /** The main text of the option. */
  label: string;
  /** Muted text after the label (a username, a description). */
  detail?: string;
  /** Drawn before the label: an emoji, an avatar, a sign. */
  icon?: ReactNode;
  /** The icon's colour (a role's). */
  color?: string | null;
  /** A modifier of the option's class (`suggestions__item--<variant>`). */
  variant?: string;
  /** Runs once the item is in the text (a mention remembers its name). */
  onPick?: () => void;
}

export interface SuggestionMatch {
  /** Where the trigger starts: the text from here to the caret is replaced. */
  start: number;
  query: string;
}

export interface SuggestionBatch {
  items: SuggestionItem[];
  /** A better list that comes later (a server's search, a list that loads); null keeps the first. */
  later?: Promise<SuggestionItem[] | null>;
}

export interface SuggestionProvider {
  /** The list's accessible name. */
  label: () => string;
  /** The query typed just before the caret, or null when this provider has nothing to say. */
  find: (text: string, caret: number) => SuggestionMatch | null;
  suggest: (query: string) => SuggestionBatch;
}

export interface OpenSuggestions {
  provider: SuggestionProvider;
  start: number;
  end: number;
  items: SuggestionItem[];
  index: number;
}

export interface SuggestionsState {
  list: OpenSuggestions | null;
  /** Call with the text and caret after every change. */
  update: (text: string, caret: number) => void;
  /** Call first in the text box's keydown; true when the list used the key. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => boolean;
  pick: (index: number) => void;
  close: () => void;
  setIndex: (index: number) => void;
}

/**
 * `replace(start, end, insert)` puts the picked item's text in place of the typed trigger and
 * query (`start`–`end` of the text given to `update`); the caller adds what follows it.
 */
export function useSuggestions(
  providers: readonly SuggestionProvider[],
  replace: (start: number, end: number, insert: string) => void,
): SuggestionsState {
  const [list, setList] = useState<OpenSuggestions | null>(null);
  const providersRef = useRef(providers);
  providersRef.current = providers;
  // Bumped by every update, pick, close and unmount: a late list is shown only for the update
  // that asked for it, never after a pick or close, never in an unmounted box.
  const generation = useRef(0);

  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const update = useCallback((text: string, caret: number) => {
    const asked = ++generation.current;
    for (const provider of providersRef.current) {
      const match = provider.find(text, caret);
      if (!match) continue;
      const open = (items: SuggestionItem[]) =>
        setList(items.length ? { provider, start: match.start, end: caret, items, index: 0 } : null);
      const batch = provider.suggest(match.query);
      open(batch.items);
      batch.later
        ?.then((items) => {
          if (items && generation.current === asked) open(items);
        })
        .catch(() => undefined);
      return;
    }
    setList(null);
  }, []);

  const close = useCallback(() => {
    generation.current += 1;
    setList(null);
  }, []);

  const pick = useCallback(
    (index: number) => {
      const item = list?.items[index];
      if (!list || !item) return;
      close();
      replace(list.start, list.end, item.insert);
      item.onPick?.();
    },
    [close, list, replace],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>): boolean => {
      if (!list || event.nativeEvent.isComposing) return false;
      const count = list.items.length;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setList({ ...list, index: (list.index + step + count) % count });
        return true;
      }
      if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") {
        event.preventDefault();
        pick(list.index);
        return true;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        return true;
      }
      return false;
    },
    [close, list, pick],
  );

  const setIndex = useCallback((index: number) => setList((current) => (current ? { ...current, index } : current)), []);

  return { list, update, onKeyDown, pick, close, setIndex };
}

/** Attributes of the text box that tie it to its open list (screen readers follow the active option). */
export function suggestionBoxProps(state: SuggestionsState, id: string) {
  return state.list
    ? { "aria-controls": id, "aria-activedescendant": `${id}-${state.list.index}`, "aria-autocomplete": "list" as const }
    : { "aria-autocomplete": "list" as const };
}
