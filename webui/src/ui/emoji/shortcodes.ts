/**
 * `:name:` shortcodes in the composer: the suggestions shown while typing `:na` and the
 * conversion of complete `:name:` into a Unicode emoji or a custom emoji's markup on send.
 * Pure functions; the emoji list and the custom emojis are passed in.
 */
import { customEmojiMarkup, type CustomEmoji, type CustomEmojiGroup } from "./customEmoji";
import type { EmojiGroup } from "./emojiData";

export interface ShortcodeSuggestion {
  /** The shortcode shown, without colons. */
  name: string;
  /** What replaces `:query`: a Unicode emoji or custom emoji markup. */
  text: string;
  unicode?: string;
  custom?: CustomEmoji;
}

export interface ShortcodeQuery {
  /** Index of the opening colon. */
  start: number;
  /** What follows the colon, up to the caret. */
  query: string;
}

/** Minimum number of characters after the colon before suggestions show. */
export const MIN_QUERY = 2;
const NAME = "[A-Za-z0-9_+-]";
const QUERY_BEFORE_CARET = new RegExp(`(?:^|[\\s([{>*_~|])(:(${NAME}{${MIN_QUERY},40}))$`);
const SHORTCODE = new RegExp(`:(${NAME}{1,40}):`, "g");
// Code spans and blocks keep their text, like the markup renderer does.
const CODE = /(```[\s\S]*?```|`[^`\n]*`)/;

/** The `:query` being typed just before the caret, or null (needs MIN_QUERY characters). */
export function shortcodeQuery(text: string, caret: number): ShortcodeQuery | null {
  const match = QUERY_BEFORE_CARET.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[1]!.length, query: match[2]! };
}

/**
 * Emojis whose shortcode or custom name matches the query: exact names first, then names
 * starting with it, then names containing it; shorter names first, then custom emojis
 * before Unicode ones, then in the picker's order.
 */
export function suggestShortcodes(
  query: string,
  emojis: EmojiGroup[] | null,
  custom: CustomEmojiGroup[],
  limit = 8,
): ShortcodeSuggestion[] {
  const word = query.toLowerCase();
  if (word.length < MIN_QUERY) return [];
  const rank = (name: string): number => {
    const lower = name.toLowerCase();
    return lower === word ? 0 : lower.startsWith(word) ? 1 : lower.includes(word) ? 2 : -1;
  };
  const found: Array<{ rank: number; order: number; suggestion: ShortcodeSuggestion }> = [];
  const seen = new Set<string>();
  let order = 0;
  for (const group of custom) {
    for (const emoji of group.emojis) {
      const r = rank(emoji.name);
      if (r < 0 || seen.has(`c${emoji.id}`)) continue;
      seen.add(`c${emoji.id}`);
      found.push({ rank: r, order: order++, suggestion: { name: emoji.name, text: customEmojiMarkup(emoji), custom: emoji } });
    }
  }
  for (const group of emojis ?? []) {
    for (const entry of group.entries) {
      let best: { rank: number; name: string } | null = null;
      for (const name of entry.shortcodes) {
        const r = rank(name);
        if (r >= 0 && (!best || r < best.rank)) best = { rank: r, name };
      }
      if (!best || seen.has(entry.unicode)) continue;
      seen.add(entry.unicode);
      found.push({ rank: best.rank, order: order++, suggestion: { name: best.name, text: entry.unicode, unicode: entry.unicode } });
    }
  }
  return found
    .sort((a, b) => a.rank - b.rank || a.suggestion.name.length - b.suggestion.name.length || a.order - b.order)
    .slice(0, limit)
    .map((item) => item.suggestion);
}

/** `name → replacement` for every shortcode: custom emoji names win over Unicode shortcodes. */
export function shortcodeTable(emojis: EmojiGroup[] | null, custom: CustomEmojiGroup[]): Map<string, string> {
  const table = new Map<string, string>();
  for (const group of emojis ?? []) {
    for (const entry of group.entries) {
      for (const name of entry.shortcodes) if (!table.has(name)) table.set(name, entry.unicode);
    }
  }
  const customNames = new Map<string, string>();
  for (const group of custom) {
    for (const emoji of group.emojis) if (!customNames.has(emoji.name)) customNames.set(emoji.name, customEmojiMarkup(emoji));
  }
  for (const [name, markup] of customNames) table.set(name, markup);
  return table;
}

/**
 * Replaces every complete `:name:` that names an emoji, outside code spans and blocks.
 * Unknown names stay as typed. An exact (case-sensitive) name wins over a case-insensitive one.
 */
export function replaceShortcodes(text: string, table: Map<string, string>): string {
  if (!text.includes(":") || table.size === 0) return text;
  let lower: Map<string, string> | null = null;
  const lookup = (name: string): string | undefined => {
    const exact = table.get(name);
    if (exact !== undefined) return exact;
    lower ??= new Map([...table].reverse().map(([key, value]) => [key.toLowerCase(), value]));
    return lower.get(name.toLowerCase());
  };
  return text
    .split(CODE)
    .map((part, index) => (index % 2 === 1 ? part : replaceOutsideCode(part, lookup)))
    .join("");
}

function replaceOutsideCode(part: string, lookup: (name: string) => string | undefined): string {
  // A custom emoji's markup ([ce:<id>:<name>]) is left alone.
  return part
    .split(/(\[(?:ce|ace|wace):[0-9]{1,40}:[A-Za-z0-9_-]{1,40}\])/)
    .map((piece, index) => {
      if (index % 2 === 1) return piece;
      // Left to right; when ":a:" is no emoji its closing colon may open the next one (":a:b:").
      let out = "";
      let from = 0;
      const pattern = new RegExp(SHORTCODE.source, "g");
      for (let match = pattern.exec(piece); match; match = pattern.exec(piece)) {
        const replacement = lookup(match[1]!);
        if (replacement === undefined) {
          pattern.lastIndex = match.index + match[0].length - 1;
          continue;
        }
        out += piece.slice(from, match.index) + replacement;
        from = match.index + match[0].length;
      }
      return out + piece.slice(from);
    })
    .join("");
}
