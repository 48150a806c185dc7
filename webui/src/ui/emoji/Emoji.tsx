/**
 * A Unicode emoji drawn with Twemoji's artwork from Hearth's own origin (machines without a
 * colour-emoji font show empty boxes otherwise): an <img> loaded lazily whose alt text is the
 * emoji itself, so selecting and copying gives the characters. Emoji without a picture, and
 * text-style characters, stay text.
 */
import { useState, type ReactNode } from "react";
import { base, renamed } from "virtual:twemoji";
import { drawnAsPicture, splitEmoji } from "./emojiText";
import { twemojiFileName } from "./twemojiName";
import "./emoji.css";

// Pictures that failed to load (an emoji newer than the artwork): later ones start as text.
const missing = new Set<string>();

/** Where the emoji's picture is served, or null when it is drawn as text. */
export function emojiImageUrl(emoji: string): string | null {
  if (!drawnAsPicture(emoji)) return null;
  const name = twemojiFileName(emoji);
  const url = `${base}${renamed[name] ?? name}.svg`;
  return missing.has(url) ? null : url;
}

export function Emoji({ emoji, className }: { emoji: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const url = failed ? null : emojiImageUrl(emoji);
  const classes = ["emoji", className].filter(Boolean).join(" ");
  if (!url) return <span className={`${classes} emoji--text`}>{emoji}</span>;
  return (
    <img
      className={classes}
      src={url}
      alt={emoji}
      draggable={false}
      loading="lazy"
      decoding="async"
      onError={() => {
        missing.add(url);
        setFailed(true);
      }}
    />
  );
}

/** Text (a name, a label) with each emoji in it drawn as a picture; the rest stays plain text. */
export function EmojiText({ text }: { text: string }) {
  const nodes: ReactNode[] = [];
  let plain = "";
  for (const part of /[^\u0000-\u00a8]/.test(text) ? splitEmoji(text) : [{ text }]) {
    if ("text" in part || !drawnAsPicture(part.emoji)) {
      plain += "text" in part ? part.text : part.emoji;
      continue;
    }
    if (plain) nodes.push(plain);
    plain = "";
    nodes.push(<Emoji key={nodes.length} emoji={part.emoji} />);
  }
  if (plain) nodes.push(plain);
  return nodes.length === 1 && typeof nodes[0] === "string" ? nodes[0] : nodes;
}
