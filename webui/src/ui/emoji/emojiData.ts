/** The Unicode emoji list (emojibase, en-gb labels), loaded on first use as a separate chunk. */
import { getLocalSetting, setLocalSetting } from "../../settings/localSettings";

export interface EmojiEntry {
  unicode: string;
  label: string;
  /** Lower-case words to search in: the label and the tags. */
  keywords: string;
  group: number;
  /** Names typed as `:name:` in the composer: GitHub's shortcodes, then the label in snake case. */
  shortcodes: string[];
}

export interface EmojiGroup {
  key: string;
  entries: EmojiEntry[];
}

/** emojibase group numbers and keys; group 2 (skin-tone components) is left out. */
const GROUP_KEYS: Record<number, string> = {
  0: "smileys-emotion",
  1: "people-body",
  3: "animals-nature",
  4: "food-drink",
  5: "travel-places",
  6: "activities",
  7: "objects",
  8: "symbols",
  9: "flags",
};

/** `[emoji, label, group, tags, shortcodes]`, in display order (see `virtual:emoji-data` in vite.config.ts). */
export type EmojiRow = [unicode: string, label: string, group: number, tags: string, shortcodes?: string];

let loading: Promise<EmojiGroup[]> | null = null;
let loaded: EmojiGroup[] | null = null;

/** "thumbs up" → "thumbs_up", "flag: United Kingdom" → "flag_united_kingdom". */
export function labelShortcode(label: string): string {
  return label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9+-]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

export function groupEmojis(rows: EmojiRow[]): EmojiGroup[] {
  const groups = new Map<number, EmojiEntry[]>();
  for (const [unicode, label, group, tags, shortcodes] of rows) {
    if (!(group in GROUP_KEYS)) continue;
    const codes = [...(shortcodes ? shortcodes.split(" ") : []), labelShortcode(label)].filter(Boolean);
    const entry: EmojiEntry = { unicode, label, keywords: `${label} ${tags}`.toLowerCase(), group, shortcodes: [...new Set(codes)] };
    const list = groups.get(group);
    if (list) list.push(entry);
    else groups.set(group, [entry]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([group, entries]) => ({ key: GROUP_KEYS[group]!, entries }));
}

export function loadEmojis(): Promise<EmojiGroup[]> {
  loading ??= import("virtual:emoji-data")
    .then((module) => (loaded = groupEmojis(module.default)))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The emoji list if it has been loaded already (shortcodes convert synchronously when sending). */
export function loadedEmojis(): EmojiGroup[] | null {
  return loaded;
}

/** Entries whose label or tags contain every word of the query, best (label starts with it) first. */
export function searchEmojis(groups: EmojiGroup[], query: string, limit = 120): EmojiEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const matches = groups.flatMap((group) => group.entries).filter((entry) => words.every((word) => entry.keywords.includes(word)));
  const first = words[0]!;
  const rank = (entry: EmojiEntry) => (entry.label.toLowerCase().startsWith(first) ? 0 : entry.label.toLowerCase().includes(first) ? 1 : 2);
  return matches.sort((a, b) => rank(a) - rank(b)).slice(0, limit);
}

export const DEFAULT_RECENT_EMOJIS = ["👍", "❤️", "😂", "😮", "😢", "🎉", "🔥", "👀"];
const MAX_RECENT = 24;

export function recentEmojis(): string[] {
  const stored = getLocalSetting("recentEmojis");
  return stored.length ? stored : DEFAULT_RECENT_EMOJIS;
}

export function rememberEmoji(unicode: string): void {
  const stored = getLocalSetting("recentEmojis");
  setLocalSetting("recentEmojis", [unicode, ...stored.filter((item) => item !== unicode)].slice(0, MAX_RECENT));
}
