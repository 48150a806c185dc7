/**
 * Member lists loaded a page at a time (`GET /servers/{id}/members`, Hearth's own route): the
 * socket authenticates with `pagedMembers`, so `user:authenticated` carries only our own member
 * rows. A server's first page is asked for when it is opened, the next ones as the list is
 * scrolled. Loaded members live in the servers store with the rest and follow live events; the
 * counts here are the server's as of the last page, kept up with joins and leaves.
 */
import { mergePresences } from "../../presence/web/public";
import { create } from "zustand";
import { fetchMemberPage } from "./serversApi";
import { membersLoaded } from "./serversStore";
import type { MemberGroupCount } from "./types";

export interface MemberListState {
  count: number;
  groups: MemberGroupCount[];
  roleCounts: Record<string, number>;
  /** Where the next page starts; null before the first page and after the last. */
  next: string | null;
  /** Pages loaded so far. */
  pages: number;
  loading: boolean;
  failed: boolean;
}

export const useMemberLists = create<{ lists: Record<string, MemberListState> }>()(() => ({ lists: {} }));

// Bumped whenever the lists are dropped, so a page asked for before that is thrown away.
let generation = 0;

function change(serverId: string, update: (list: MemberListState) => Partial<MemberListState>): void {
  useMemberLists.setState(({ lists }) => {
    const list = lists[serverId];
    return list ? { lists: { ...lists, [serverId]: { ...list, ...update(list) } } } : {};
  });
}

/** The first page when the server's list is not loaded yet, else the next one (if any). */
export async function loadMemberPage(serverId: string): Promise<void> {
  const list = useMemberLists.getState().lists[serverId];
  if (list && (list.loading || isComplete(list))) return;
  const started = generation;
  useMemberLists.setState(({ lists }) => ({
    lists: { ...lists, [serverId]: { count: 0, groups: [], roleCounts: {}, next: null, pages: 0, ...list, loading: true, failed: false } },
  }));
  try {
    const page = await fetchMemberPage(serverId, list?.next ?? null);
    if (started !== generation) return;
    membersLoaded(serverId, page.members);
    mergePresences(page.presences);
    change(serverId, (current) => ({
      count: page.count,
      groups: page.groups,
      roleCounts: page.roleCounts,
      next: page.next,
      pages: current.pages + 1,
      loading: false,
    }));
  } catch {
    if (started === generation) change(serverId, () => ({ loading: false, failed: true }));
  }
}

/** Every member of the server is loaded (and joiners since are added as they come). */
export function isComplete(list: MemberListState | undefined): boolean {
  return Boolean(list && list.pages > 0 && list.next === null);
}

/** Every list is dropped: after a (re)authentication, whose payload replaced the loaded members. */
export function resetMemberLists(): void {
  generation += 1;
  useMemberLists.setState({ lists: {} });
}

/** A server left or joined anew: its list is loaded again when it is opened. */
export function forgetMemberList({ serverId }: { serverId: string }): void {
  useMemberLists.setState(({ lists }) => {
    const { [serverId]: _gone, ...rest } = lists;
    return { lists: rest };
  });
}

export function memberListJoined({ serverId }: { serverId: string }): void {
  change(serverId, (list) => ({ count: list.count + 1 }));
}

export function memberListLeft({ serverId }: { serverId: string }): void {
  change(serverId, (list) => ({ count: Math.max(0, list.count - 1) }));
}
