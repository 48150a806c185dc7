/**
 * Opens the emoji picker next to an element (see `EmojiPicker.tsx`); the picker's code loads with
 * its first opening, not with every message list.
 */
import type { PickedEmoji } from "./EmojiPicker";

export type { PickedEmoji };

export function openEmojiPicker(anchor: HTMLElement, onPick: (emoji: PickedEmoji) => void): void {
  void import("./EmojiPicker").then((picker) => picker.openEmojiPicker(anchor, onPick));
}
