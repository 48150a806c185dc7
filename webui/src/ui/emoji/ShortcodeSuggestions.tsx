/**
 * The `:name` autocomplete of a text box: a list of matching emojis above it, driven by the
 * keyboard (up/down, Enter or Tab to pick, Escape to close) or the mouse. One provider of the
 * shared suggestion mechanism (`ui/suggest`), as mentions, channels and bots' commands are.
 */
import { useCallback } from "react";
import { t } from "../../i18n/i18n";
import { customEmojiGroups } from "../../plugins/extensions";
import { SuggestionList } from "../suggest/SuggestionList";
import { useSuggestions, type SuggestionItem, type SuggestionProvider, type SuggestionsState } from "../suggest/useSuggestions";
import { customEmojiUrl } from "./customEmoji";
import { Emoji } from "./Emoji";
import { loadEmojis, loadedEmojis } from "./emojiData";
import { replaceShortcodes, shortcodeQuery, shortcodeTable, suggestShortcodes, type ShortcodeSuggestion } from "./shortcodes";

/** The text with every known `:name:` replaced (Unicode emoji once the list has loaded, custom emojis always). */
export function convertShortcodes(text: string): string {
  if (!text.includes(":")) return text;
  return replaceShortcodes(text, shortcodeTable(loadedEmojis(), customEmojiGroups()));
}

function item(suggestion: ShortcodeSuggestion): SuggestionItem {
  return {
    key: suggestion.custom?.id ?? suggestion.unicode ?? suggestion.name,
    insert: suggestion.text,
    label: `:${suggestion.name}:`,
    icon: suggestion.custom ? (
      <img src={customEmojiUrl(suggestion.custom.id)} alt="" />
    ) : suggestion.unicode ? (
      <Emoji emoji={suggestion.unicode} />
    ) : undefined,
    variant: "emoji",
  };
}

const suggest = (query: string) => suggestShortcodes(query, loadedEmojis(), customEmojiGroups()).map(item);

/** `:name` → emojis; the Unicode list loads on the first query and the suggestions follow when it arrives. */
export const emojiSuggestions: SuggestionProvider = {
  label: () => t("emojiPicker.suggestions"),
  find: shortcodeQuery,
  suggest: (query) => (loadedEmojis() ? { items: suggest(query) } : { items: suggest(query), later: loadEmojis().then(() => suggest(query)) }),
};

export type ShortcodeSuggestionsState = SuggestionsState;

/** `apply(text, caret)` receives the text with the picked emoji in place and where the caret goes. */
export function useShortcodeSuggestions(getText: () => string, apply: (text: string, caret: number) => void): ShortcodeSuggestionsState {
  const replace = useCallback(
    (start: number, end: number, insert: string) => {
      const text = getText();
      const inserted = `${insert} `;
      apply(text.slice(0, start) + inserted + text.slice(end), start + inserted.length);
    },
    [apply, getText],
  );
  return useSuggestions(PROVIDERS, replace);
}

const PROVIDERS = [emojiSuggestions];

/** The open list, drawn just above where it is placed (put it right before the text box's row). */
export function ShortcodeSuggestions({ state, id }: { state: ShortcodeSuggestionsState; id: string }) {
  return <SuggestionList state={state} id={id} />;
}
