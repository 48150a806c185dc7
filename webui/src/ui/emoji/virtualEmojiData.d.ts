/** Built by the `emojiData` plugin of vite.config.ts: `[emoji, label, group, tags, shortcodes]` rows in display order. */
declare module "virtual:emoji-data" {
  const rows: Array<[unicode: string, label: string, group: number, tags: string, shortcodes: string]>;
  export default rows;
}
