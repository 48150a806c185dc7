/**
 * The `:name` autocomplete of a text box: a list of matching emojis above it, driven by the
 * keyboard (up/down, Enter or Tab to pick, Escape to close) or the mouse.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { t } from "../../i18n/i18n";
import { customEmojiGroups } from "../../plugins/extensions";
import { customEmojiUrl } from "./customEmoji";
import { loadEmojis, loadedEmojis } from "./emojiData";
import { replaceShortcodes, shortcodeQuery, shortcodeTable, suggestShortcodes, type ShortcodeSuggestion } from "./shortcodes";
import "./shortcodes.css";

/** The text with every known `:name:` replaced (Unicode emoji once the list has loaded, custom emojis always). */
export function convertShortcodes(text: string): string {
  if (!text.includes(":")) return text;
  return replaceShortcodes(text, shortcodeTable(loadedEmojis(), customEmojiGroups()));
}

interface OpenList {
  start: number;
  end: number;
  items: ShortcodeSuggestion[];
  index: number;
}

export interface ShortcodeSuggestionsState {
  list: OpenList | null;
  /** Call with the new text and caret after every change. */
  update: (text: string, caret: number) => void;
  /** Call first in the text box's keydown; true when the list used the key. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => boolean;
  pick: (index: number) => void;
  close: () => void;
  setIndex: (index: number) => void;
}

/** `apply(text, caret)` receives the text with the picked emoji in place and where the caret goes. */
export function useShortcodeSuggestions(getText: () => string, apply: (text: string, caret: number) => void): ShortcodeSuggestionsState {
  const [list, setList] = useState<OpenList | null>(null);
  // Bumped by every update, pick, close and unmount: the emoji list arriving late recomputes only
  // for the update that asked for it, never after a pick or close, never in an unmounted box.
  const generation = useRef(0);

  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const compute = useCallback((text: string, caret: number) => {
    const query = shortcodeQuery(text, caret);
    if (!query) {
      setList(null);
      return;
    }
    const items = suggestShortcodes(query.query, loadedEmojis(), customEmojiGroups());
    setList(items.length ? { start: query.start, end: caret, items, index: 0 } : null);
  }, []);

  const update = useCallback(
    (text: string, caret: number) => {
      const asked = ++generation.current;
      if (!text.includes(":")) {
        setList(null);
        return;
      }
      compute(text, caret);
      if (!loadedEmojis()) {
        // The list loads once, on the first colon; suggestions follow when it arrives.
        loadEmojis()
          .then(() => generation.current === asked && compute(text, caret))
          .catch(() => undefined);
      }
    },
    [compute],
  );

  const close = useCallback(() => {
    generation.current += 1;
    setList(null);
  }, []);

  const pick = useCallback(
    (index: number) => {
      const item = list?.items[index];
      if (!list || !item) return;
      const text = getText();
      const insert = `${item.text} `;
      close();
      apply(text.slice(0, list.start) + insert + text.slice(list.end), list.start + insert.length);
    },
    [apply, close, getText, list],
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

/** The open list, drawn just above where it is placed (put it right before the text box's row). */
export function ShortcodeSuggestions({ state, id }: { state: ShortcodeSuggestionsState; id: string }) {
  const { list } = state;
  if (!list) return null;
  return (
    <div className="shortcodes-anchor">
      <ul className="shortcodes" role="listbox" id={id} aria-label={t("emojiPicker.suggestions")}>
        {list.items.map((item, index) => (
          <li
            key={`${item.custom?.id ?? item.unicode}`}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === list.index}
            className={`shortcodes__item${index === list.index ? " shortcodes__item--active" : ""}`}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => state.setIndex(index)}
            onClick={() => state.pick(index)}
          >
            <span className="shortcodes__emoji" aria-hidden="true">
              {item.custom ? <img src={customEmojiUrl(item.custom.id)} alt="" /> : item.unicode}
            </span>
            <span className="shortcodes__name">{`:${item.name}:`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
