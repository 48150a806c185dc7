/**
 * Who "Add friend" suggests for what is typed: people you share a server with (the members the
 * servers plugin has loaded, matched on username and nickname) first, then the user search
 * route's answer (`GET /users/search?q=`, social plugin: usernames containing the text). People
 * already in the friends list (friends, requests either way, blocks), yourself and bots are left
 * out. A name without its tag resolves when exactly one suggestion has that username.
 */
import type { Friend } from "./types";

export interface Candidate {
  id: string;
  username: string;
  tag: string;
  avatar?: string | null;
  hexColor?: string | null;
  badges?: number;
  bot?: boolean | null;
}

export interface Suggestion extends Candidate {
  /** The name of a server you share with them (co-members only). */
  sharedServer?: string;
  /** Their nickname there, when it matched. */
  nickname?: string;
}

/** A co-member as the servers store holds them. */
export interface CoMember {
  serverName: string;
  nickname?: string | null;
  user: Candidate;
}

export const MAX_SUGGESTIONS = 8;
const BOT_BADGE = 32;

/** The part to match: the username of `name:tag`, trimmed, lower-cased. */
export function searchText(input: string): string {
  const trimmed = input.trim();
  const colon = trimmed.lastIndexOf(":");
  return (colon > 0 ? trimmed.slice(0, colon) : trimmed).trim().toLowerCase();
}

const isBot = (user: Candidate) => Boolean(user.bot) || ((user.badges ?? 0) & BOT_BADGE) !== 0;

/** 0 exact, 1 starts with, 2 contains, null no match. */
function rank(value: string | null | undefined, text: string): number | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  if (lower === text) return 0;
  if (lower.startsWith(text)) return 1;
  return lower.includes(text) ? 2 : null;
}

export function suggestFriends(
  input: string,
  coMembers: readonly CoMember[],
  searched: readonly Candidate[],
  friends: Readonly<Record<string, Friend | undefined>>,
  selfId: string | undefined,
): Suggestion[] {
  const text = searchText(input);
  if (!text) return [];
  const excluded = (user: Candidate) => user.id === selfId || isBot(user) || friends[user.id] !== undefined;
  const byId = new Map<string, { suggestion: Suggestion; rank: number }>();
  for (const { user, nickname, serverName } of coMembers) {
    if (excluded(user)) continue;
    const byName = rank(user.username, text);
    const byNickname = rank(nickname, text);
    const best = Math.min(byName ?? 9, byNickname ?? 9);
    if (best === 9) continue;
    const known = byId.get(user.id);
    if (known && known.rank <= best) continue;
    byId.set(user.id, {
      suggestion: { ...user, sharedServer: serverName, ...(byNickname !== null && byNickname < (byName ?? 9) ? { nickname: nickname! } : {}) },
      rank: best,
    });
  }
  const shared = [...byId.values()]
    .sort((a, b) => a.rank - b.rank || a.suggestion.username.localeCompare(b.suggestion.username))
    .map((entry) => entry.suggestion);
  const others = searched.filter((user) => !excluded(user) && !byId.has(user.id) && rank(user.username, text) !== null);
  return [...shared, ...others.map((user) => ({ ...user }))].slice(0, MAX_SUGGESTIONS);
}

export type Resolution = { username: string; tag: string } | "ambiguous" | "unknown";

/** What a typed name means: `name:tag` as written, or the one suggestion called exactly that. */
export function resolveFriendName(input: string, suggestions: readonly Suggestion[]): Resolution {
  const trimmed = input.trim();
  const colon = trimmed.lastIndexOf(":");
  if (colon > 0 && colon < trimmed.length - 1) {
    return { username: trimmed.slice(0, colon).trim(), tag: trimmed.slice(colon + 1).trim() };
  }
  const text = searchText(trimmed);
  const exact = suggestions.filter((user) => user.username.toLowerCase() === text);
  if (exact.length === 1) return { username: exact[0]!.username, tag: exact[0]!.tag };
  return exact.length > 1 ? "ambiguous" : "unknown";
}

/** Everyone the servers store knows, with the server you share (their first one). */
export function coMembersOf(
  servers: Readonly<Record<string, { name: string } | undefined>>,
  members: Readonly<Record<string, Readonly<Record<string, { nickname?: string | null; user: Candidate } | undefined>> | undefined>>,
): CoMember[] {
  const found: CoMember[] = [];
  for (const [serverId, byUser] of Object.entries(members)) {
    const server = servers[serverId];
    if (!server || !byUser) continue;
    for (const member of Object.values(byUser)) {
      if (member) found.push({ serverName: server.name, nickname: member.nickname, user: member.user });
    }
  }
  return found;
}

