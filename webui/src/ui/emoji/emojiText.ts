/**
 * Unicode emoji inside text: what the markup tokenizer and `EmojiText` treat as one emoji, and
 * which of them are drawn as a picture (Twemoji's artwork) rather than as text.
 */

/** A flag, a keycap, or a pictograph with its modifiers and ZWJ partners. */
export const EMOJI_PATTERN =
  /^(?:\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?)*)/u;

const TEXT_BY_DEFAULT = /^\P{Emoji_Presentation}$/u;

/**
 * Whether an emoji is drawn as a picture: not a character that is text by default (©, ™, ↔,
 * ☺) written without U+FE0F, nor one asked for as text with U+FE0E.
 */
export function drawnAsPicture(emoji: string): boolean {
  if (emoji.includes("\uFE0E")) return false;
  return !TEXT_BY_DEFAULT.test(emoji);
}

export type EmojiTextPart = { emoji: string } | { text: string };

/** Splits text into runs of plain text and single emoji, in order. */
export function splitEmoji(text: string): EmojiTextPart[] {
  const parts: EmojiTextPart[] = [];
  let plain = "";
  let i = 0;
  while (i < text.length) {
    const match = EMOJI_PATTERN.exec(text.slice(i));
    if (match && match[0]) {
      if (plain) parts.push({ text: plain });
      plain = "";
      parts.push({ emoji: match[0] });
      i += match[0].length;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i)!);
    plain += char;
    i += char.length;
  }
  if (plain) parts.push({ text: plain });
  return parts;
}
