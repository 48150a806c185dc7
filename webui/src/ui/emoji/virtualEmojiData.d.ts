/** Built by the `emojiData` plugin of vite.config.ts: `[emoji, label, group, tags]` rows in display order. */
declare module "virtual:emoji-data" {
  const rows: Array<[unicode: string, label: string, group: number, tags: string]>;
  export default rows;
}
