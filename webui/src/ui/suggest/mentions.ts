/**
 * Mentions in a composer: `@` lists people (and, where the user may, roles and @everyone), `#`
 * lists channels; picking one inserts the wire's markup (`[@:<id>]`, `[@:e]`, `[r:<id>]`,
 * `[#:<id>]`, entities.md §6.1). What can be mentioned comes from a `MentionSource` that the
 * place hosting the composer gives (a server's members, roles and channels; a DM's two people;
 * the user search of the feed). Matching and ordering are the same everywhere (`rankMentions`).
 */
import { t } from "../../i18n/i18n";
import type { AvatarUser } from "../Avatar";
import type { LabelOf, MentionAtomKind } from "./markupText";
import type { SuggestionMatch } from "./useSuggestions";

export type MentionKind = "user" | "everyone" | "role" | "channel";

export interface MentionCandidate {
  kind: MentionKind;
  /** A user, role or channel id; "e" for everyone. */
  id: string;
  /** What the chip shows after `@` or `#`: a nickname or username, a role or channel name. */
  name: string;
  /** Shown muted beside the name (a username under a nickname, what @everyone does). */
  detail?: string;
  /** Other names the query may match (a username under a nickname, `username:tag`). */
  aliases?: string[];
  user?: AvatarUser & { id: string };
  /** A role's colour. */
  color?: string | null;
  online?: boolean;
}

export interface MentionBatch {
  items: MentionCandidate[];
  /** A better list later (a server's member search); null keeps the first. */
  later?: Promise<MentionCandidate[] | null>;
}

export interface MentionSource {
  /** `@query`: people (online first), then the roles and @everyone the user may mention. */
  people: (query: string) => MentionBatch;
  /** `#query`: the channels the user can see; absent where channels cannot be mentioned. */
  channels?: (query: string) => MentionBatch;
  /** The name of a mentioned user, role or channel (without `@` or `#`), when known. */
  name?: (kind: "user" | "role" | "channel", id: string) => string | undefined;
  /** Opens a mentioned channel (its chip in a message was pressed). */
  openChannel?: (channelId: string) => void;
}

export const MAX_MENTION_SUGGESTIONS = 10;
const QUERY = "[^\\s@#\\[\\]\\uFFFC]{0,40}";
const AT_QUERY = new RegExp(`(?:^|[\\s(])(@(${QUERY}))$`);
const HASH_QUERY = new RegExp(`(?:^|[\\s(])(#(${QUERY}))$`);

function finder(pattern: RegExp) {
  return (text: string, caret: number): SuggestionMatch | null => {
    const match = pattern.exec(text.slice(0, caret));
    return match ? { start: caret - match[1]!.length, query: match[2]! } : null;
  };
}

/** `@query` just before the caret (after a space, a bracket or the start). */
export const findPersonQuery = finder(AT_QUERY);
/** `#query` just before the caret. */
export const findChannelQuery = finder(HASH_QUERY);

/** Lower case without accents: how names and queries are compared (the server's search does the same). */
export function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** 0 a whole name, 1 the start of a name, 2 the start of a word in it, 3 anywhere in it; null: no match. */
export function matchRank(query: string, names: readonly string[]): number | null {
  if (!query) return 3;
  let best: number | null = null;
  for (const name of names) {
    const rank = rankIn(name, query);
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

const WORD_START = " _.-";

/** Without a `:` in the query, a `username:tag` alias is searched only before its tag (a tag's random letters would match anything). */
function searchable(name: string, query: string): string {
  const colon = query.includes(":") ? -1 : name.lastIndexOf(":");
  return colon === -1 ? name : name.slice(0, colon);
}

function rankIn(whole: string, query: string): number | null {
  const name = searchable(whole, query);
  if (name === query) return 0;
  let at = name.indexOf(query);
  if (at === -1) return null;
  if (at === 0) return 1;
  for (; at !== -1; at = name.indexOf(query, at + 1)) if (WORD_START.includes(name[at - 1]!)) return 2;
  return 3;
}

const folded = new WeakMap<MentionCandidate, string[]>();

function foldedNames(candidate: MentionCandidate): string[] {
  let names = folded.get(candidate);
  if (!names) {
    names = [candidate.name, ...(candidate.aliases ?? [])].map(fold);
    folded.set(candidate, names);
  }
  return names;
}

const KIND_ORDER: Record<MentionKind, number> = { user: 0, channel: 0, role: 1, everyone: 2 };

interface Ranked {
  candidate: MentionCandidate;
  rank: number;
  name: string;
}

function compare(a: Ranked, b: Ranked): number {
  return (
    KIND_ORDER[a.candidate.kind] - KIND_ORDER[b.candidate.kind] ||
    Number(!a.candidate.online) - Number(!b.candidate.online) ||
    a.rank - b.rank ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    (a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0)
  );
}

/**
 * The candidates matching `query`, best first: people before roles before @everyone; online
 * people first; then whole names, starts of names, starts of words, anywhere; then by name.
 * Only the best `limit` are kept while going through them (a server may have thousands).
 */
export function rankMentions(candidates: Iterable<MentionCandidate>, query: string, limit = MAX_MENTION_SUGGESTIONS): MentionCandidate[] {
  const wanted = fold(query);
  const kept: Ranked[] = [];
  for (const candidate of candidates) {
    const names = foldedNames(candidate);
    const rank = matchRank(wanted, names);
    if (rank === null) continue;
    const item = { candidate, rank, name: names[0]! };
    if (kept.length >= limit && compare(item, kept[kept.length - 1]!) >= 0) continue;
    let at = kept.length;
    while (at > 0 && compare(item, kept[at - 1]!) < 0) at -= 1;
    kept.splice(at, 0, item);
    if (kept.length > limit) kept.pop();
  }
  return kept.map((item) => item.candidate);
}

/** Candidates of a first list and a later one, each once (the later one's row wins), ranked again. */
export function mergeMentions(first: readonly MentionCandidate[], later: readonly MentionCandidate[], query: string, limit = MAX_MENTION_SUGGESTIONS): MentionCandidate[] {
  const byKey = new Map<string, MentionCandidate>();
  for (const candidate of [...first, ...later]) byKey.set(`${candidate.kind}:${candidate.id}`, candidate);
  return rankMentions(byKey.values(), query, limit);
}

export function mentionMarkup(candidate: Pick<MentionCandidate, "kind" | "id">): string {
  switch (candidate.kind) {
    case "everyone":
      return "[@:e]";
    case "role":
      return `[r:${candidate.id}]`;
    case "channel":
      return `[#:${candidate.id}]`;
    default:
      return `[@:${candidate.id}]`;
  }
}

// Names of what was picked, for the chips of the composer when the source no longer knows them
// (a member found by the server's search, who is not among the loaded ones).
const pickedNames = new Map<string, string>();
const MAX_PICKED_NAMES = 500;

export function rememberMentionName(kind: MentionKind, id: string, name: string): void {
  if (pickedNames.size >= MAX_PICKED_NAMES) pickedNames.delete(pickedNames.keys().next().value!);
  pickedNames.set(`${kind}:${id}`, name);
}

/** The chips' text for a source: `@name`, `@role`, `#channel`, `@everyone`; a generic name when unknown. */
export function mentionLabels(source: MentionSource | undefined): LabelOf {
  return (kind: MentionAtomKind, id: string) => {
    if (kind === "everyone") return t("markup.everyone");
    const name = source?.name?.(kind, id) ?? pickedNames.get(`${kind}:${id}`);
    if (kind === "channel") return `#${name ?? t("markup.unknownChannel")}`;
    return `@${name ?? (kind === "role" ? t("markup.unknownRole") : t("markup.unknownUser"))}`;
  };
}

export interface MentionablePerson extends AvatarUser {
  id: string;
  tag?: string;
}

/** A source of a few known people (a DM's two), each mentionable by username or `username:tag`. */
export function peopleMentionSource(people: readonly MentionablePerson[], isOnline: (userId: string) => boolean = () => false): MentionSource {
  const candidates = (): MentionCandidate[] =>
    people.map((person) => ({
      kind: "user",
      id: person.id,
      name: person.username,
      aliases: person.tag ? [`${person.username}:${person.tag}`] : [],
      user: person,
      online: isOnline(person.id),
    }));
  return {
    people: (query) => ({ items: rankMentions(candidates(), query) }),
    name: (kind, id) => (kind === "user" ? people.find((person) => person.id === id)?.username : undefined),
  };
}
