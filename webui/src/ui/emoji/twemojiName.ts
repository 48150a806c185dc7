/**
 * The file name (without `.svg`) Twemoji gives an emoji: its code points in lower-case hex joined
 * by `-`, without the U+FE0F presentation selectors unless the emoji is a ZWJ sequence. Shared by
 * the build (vite's twemoji plugin) and the UI.
 */
export function twemojiFileName(emoji: string): string {
  const text = emoji.includes("\u200D") ? emoji : emoji.replace(/\uFE0F/g, "");
  return [...text].map((char) => char.codePointAt(0)!.toString(16)).join("-");
}
