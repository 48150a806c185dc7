/**
 * What a server channel's composer offers after `@` and `#` (the shell's `MentionSource`):
 * members, online first, matched by nickname, username and `username:tag`; the roles (not the
 * default one) with MENTION_ROLES and @everyone with MENTION_EVERYONE (the owner and admins pass,
 * spec §5, rest.md §3.7); the text channels the user can see. The members the UI has loaded are
 * matched at once; while the server's member list is not wholly loaded, the server's search
 * (`GET /servers/{id}/members/search`, Hearth's own) adds the others a moment after typing stops.
 */
import { mergePresences, presenceStatuses } from "../../presence/web/public";
import { fold, mergeMentions, rankMentions, type MentionBatch, type MentionCandidate, type MentionSource } from "@hearth/ui/suggest/mentions";
import { t } from "./i18n";
import { isComplete, loadMemberPage, useMemberLists } from "./memberLists";
import { canViewChannel, hasPermission, RolePermission } from "./permissions";
import { permissionSubject, selfUserId, serverChannels, serverRoles, TEXT_TYPE, useServersStore } from "./serversStore";
import { searchMembers } from "./serversApi";
import type { ServerMember } from "./types";

/** How long typing must pause before the server is asked (ms). */
export const SEARCH_PAUSE_MS = 150;
export const SEARCH_LIMIT = 10;
const CACHE_MS = 30_000;
const MAX_CACHED_SEARCHES = 50;

const memberCandidates = new WeakMap<ServerMember, MentionCandidate>();

function memberCandidate(member: ServerMember, online: boolean): MentionCandidate {
  const known = memberCandidates.get(member);
  if (known && known.online === online) return known;
  const { user } = member;
  const candidate: MentionCandidate = {
    kind: "user",
    id: member.userId,
    name: member.nickname || user.username,
    detail: member.nickname ? user.username : undefined,
    aliases: [user.username, `${user.username}:${user.tag}`],
    user: { id: member.userId, username: user.username, avatar: user.avatar, hexColor: user.hexColor },
    online,
  };
  memberCandidates.set(member, candidate);
  return candidate;
}

interface Search {
  at: number;
  members: ServerMember[];
  online: Set<string>;
}

// Answers by server and folded query. An answer with fewer than SEARCH_LIMIT members holds every
// match of its query, so a longer query that starts with it needs no request.
const searches = new Map<string, Search>();
let latestSearch = 0;

function cached(serverId: string, query: string, now: number): Search | null {
  for (let length = query.length; length > 0; length -= 1) {
    const found = searches.get(`${serverId}\n${query.slice(0, length)}`);
    if (found && now - found.at < CACHE_MS && (length === query.length || found.members.length < SEARCH_LIMIT)) return found;
  }
  return null;
}

async function search(serverId: string, query: string, folded: string): Promise<Search | null> {
  const asked = ++latestSearch;
  await new Promise((resolve) => setTimeout(resolve, SEARCH_PAUSE_MS));
  if (asked !== latestSearch) return null; // typing went on: a later query asks instead
  const answer = await searchMembers(serverId, query, SEARCH_LIMIT);
  mergePresences(answer.presences);
  const found = { at: Date.now(), members: answer.members, online: new Set(answer.presences.filter((p) => p.status !== 0).map((p) => p.userId)) };
  if (searches.size >= MAX_CACHED_SEARCHES) searches.delete(searches.keys().next().value!);
  searches.set(`${serverId}\n${folded}`, found);
  return found;
}

function fromSearch(found: Search): MentionCandidate[] {
  return found.members.map((member) => memberCandidate(member, found.online.has(member.userId)));
}

export function serverMentionSource(serverId: string, openChannel: (channelId: string) => void): MentionSource {
  const local = (query: string): MentionCandidate[] => {
    const state = useServersStore.getState();
    const statuses = presenceStatuses();
    const subject = permissionSubject(state, serverId, selfUserId());
    const candidates: MentionCandidate[] = [];
    for (const member of Object.values(state.members[serverId] ?? {})) candidates.push(memberCandidate(member, (statuses[member.userId] ?? 0) !== 0));
    if (subject && hasPermission(subject, RolePermission.MENTION_ROLES)) {
      for (const role of serverRoles(state, serverId)) {
        if (role.id !== state.servers[serverId]?.defaultRoleId) candidates.push({ kind: "role", id: role.id, name: role.name, color: role.hexColor });
      }
    }
    if (subject && hasPermission(subject, RolePermission.MENTION_EVERYONE)) {
      candidates.push({ kind: "everyone", id: "e", name: "everyone", detail: t("mentions.everyone") });
    }
    return rankMentions(candidates, query);
  };

  const people = (query: string): MentionBatch => {
    const items = local(query);
    const list = useMemberLists.getState().lists[serverId];
    if (isComplete(list)) return { items };
    if (!query) {
      // Nothing typed yet: the first page of the member list (online members first) will do.
      return list ? { items } : { items, later: loadMemberPage(serverId).then(() => local(query)) };
    }
    const folded = fold(query);
    const known = cached(serverId, folded, Date.now());
    if (known) return { items: mergeMentions(items, fromSearch(known), query) };
    return {
      items,
      later: search(serverId, query, folded).then((found) => (found ? mergeMentions(local(query), fromSearch(found), query) : null)),
    };
  };

  const channels = (query: string): MentionBatch => {
    const state = useServersStore.getState();
    const subject = permissionSubject(state, serverId, selfUserId());
    const visible = serverChannels(state, serverId).filter((channel) => channel.type === TEXT_TYPE && subject && canViewChannel(subject, channel));
    return { items: rankMentions(visible.map((channel) => ({ kind: "channel" as const, id: channel.id, name: channel.name ?? "" })), query) };
  };

  const name = (kind: "user" | "role" | "channel", id: string): string | undefined => {
    const state = useServersStore.getState();
    if (kind === "role") return state.roles[id]?.name;
    if (kind === "channel") return state.channels[id]?.name ?? undefined;
    const member = state.members[serverId]?.[id];
    return member ? member.nickname || member.user.username : undefined;
  };

  return { people, channels, name, openChannel };
}

/** Forgets the answers of the server's search (a new authentication: members may have changed). */
export function forgetMemberSearches(): void {
  searches.clear();
}
