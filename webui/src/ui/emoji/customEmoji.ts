/** Custom emojis of servers (entities.md §4.9): drawn from the CDN by id, written as markup. */
import { cdnUrl } from "../../api/cdn";

export interface CustomEmoji {
  id: string;
  name: string;
  /** Animated GIF (markup `[ace:…]`). */
  gif?: boolean;
  /** Animated WebP (markup `[wace:…]`). */
  webp?: boolean;
}

/** One section of the emoji picker: a server's custom emojis. */
export interface CustomEmojiGroup {
  id: string;
  name: string;
  emojis: CustomEmoji[];
}

/** The picture of a custom emoji: the CDN serves it by the emoji id (= its file id). */
export function customEmojiUrl(id: string): string {
  return cdnUrl(`emojis/${encodeURIComponent(id)}`);
}

/** `[ce:<id>:<name>]`, `[ace:…]` for an animated GIF, `[wace:…]` for an animated WebP. */
export function customEmojiMarkup(emoji: CustomEmoji): string {
  const tag = emoji.gif ? "ace" : emoji.webp ? "wace" : "ce";
  return `[${tag}:${emoji.id}:${emoji.name}]`;
}
