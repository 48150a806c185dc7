/** Pure helpers of the search dialog: highlighted pieces of a message, results grouped by channel. */
import type { SearchChannel, SearchResult } from "./searchApi";

export interface Piece {
  text: string;
  marked: boolean;
}

/** ``content`` cut at the highlights (UTF-16 offsets, what `slice` counts), marked pieces in order. */
export function highlightPieces(content: string, highlights: [number, number][]): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const [start, end] of highlights) {
    if (start < at || end > content.length || start >= end) continue;
    if (start > at) pieces.push({ text: content.slice(at, start), marked: false });
    pieces.push({ text: content.slice(start, end), marked: true });
    at = end;
  }
  if (at < content.length) pieces.push({ text: content.slice(at), marked: false });
  return pieces;
}

export interface ResultGroup {
  channel: SearchChannel;
  results: { result: SearchResult; index: number }[];
}

/**
 * Results grouped by their channel, the groups in the order their best result came (the ranking
 * stays visible), each result keeping its place in the flat list for keyboard navigation.
 */
export function groupByChannel(results: SearchResult[], channels: Record<string, SearchChannel>): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  results.forEach((result, index) => {
    const id = result.message.channelId;
    let group = groups.get(id);
    if (!group) {
      group = { channel: channels[id] ?? { id, name: null, type: 0, serverId: null }, results: [] };
      groups.set(id, group);
    }
    group.results.push({ result, index });
  });
  return [...groups.values()];
}

/** The flat order of the results as drawn (grouped), for the arrow keys. */
export function drawnOrder(groups: ResultGroup[]): number[] {
  return groups.flatMap((group) => group.results.map(({ index }) => index));
}

/** The box's text with a filter added at its end (a space between). */
export function withFilter(text: string, filter: string): string {
  const trimmed = text.replace(/\s+$/, "");
  return trimmed ? `${trimmed} ${filter}` : filter;
}

/** The `in:` filter naming a channel, quoted when the name holds a space. */
export function inFilter(channelName: string): string {
  return /\s/.test(channelName) ? `in:"${channelName.replace(/"/g, "")}"` : `in:${channelName}`;
}

export interface NamedUser {
  id: string;
  username: string;
}

/** A post's `[@:id]` mentions shown as `@name` (ids of users not in `mentions` stay as they are). */
export function withMentionNames(text: string, mentions: NamedUser[]): string {
  if (!mentions.length) return text;
  const names = new Map(mentions.map((user) => [user.id, user.username]));
  return text.replace(/\[@:(\d+)\]/g, (whole, id: string) => {
    const name = names.get(id);
    return name ? `@${name}` : whole;
  });
}

const FILTER_NAMES = ["from", "in", "has", "mentions", "before", "after", "during", "pinned"];
const FILTER_PIECE = /(^|\s)-?(\w+):("[^"]*"?|\S*)/g;

/** The box's text without the filters a tab does not take (`keep`: the names it takes); other
 * `word:thing` pieces are words and stay. */
export function withoutFilters(text: string, keep: readonly string[]): string {
  const stripped = text.replace(FILTER_PIECE, (whole, space: string, name: string) =>
    FILTER_NAMES.includes(name.toLowerCase()) && !keep.includes(name.toLowerCase()) ? space : whole,
  );
  return stripped.replace(/\s{2,}/g, " ").replace(/^\s+/, "");
}
