/** Who is online (realtime.md §3.4 `presences`, §5.1 `user:presence_update`). Offline users have no entry. */
import type { PresenceStatus } from "./public";
import { create } from "zustand";

export interface Activity {
  name: string;
  action: string;
  startedAt?: number;
  endsAt?: number;
  title?: string;
  subtitle?: string;
  link?: string;
  imgSrc?: string;
  emoji?: string;
}

export interface Presence {
  userId: string;
  status: PresenceStatus;
  custom?: string | null;
  activities?: Activity[];
}

interface PresenceState {
  presences: Record<string, Presence>;
  /** Status by user id, derived from `presences` (what other plugins read). */
  statuses: Record<string, PresenceStatus>;
}

export const usePresenceStore = create<PresenceState>()(() => ({ presences: {}, statuses: {} }));

function statusesOf(presences: Record<string, Presence>): Record<string, PresenceStatus> {
  return Object.fromEntries(Object.values(presences).map((presence) => [presence.userId, presence.status]));
}

export function presencesAuthenticated(list: Presence[] | undefined): void {
  const presences: Record<string, Presence> = {};
  for (const presence of list ?? []) if (presence.status) presences[presence.userId] = presence;
  usePresenceStore.setState({ presences, statuses: statusesOf(presences) });
}

/**
 * Presences that arrive with a server the user joined (`server:joined.memberPresences`) or with
 * a page of a member list: added or replaced.
 */
export function presencesMerged(list: readonly Presence[] | undefined): void {
  if (!Array.isArray(list) || list.length === 0) return;
  usePresenceStore.setState(({ presences }) => {
    const next = { ...presences };
    for (const presence of list) {
      if (!presence?.userId) continue;
      if (presence.status) next[presence.userId] = presence;
      else delete next[presence.userId];
    }
    return { presences: next, statuses: statusesOf(next) };
  });
}

/**
 * A partial update: a missing key means unchanged. Status 0 means offline (the entry goes).
 * Upstream sometimes sends a bare activities array to the user's own room; that carries no
 * user id and is ignored.
 */
export function presenceUpdated(update: unknown): void {
  if (!update || typeof update !== "object" || Array.isArray(update)) return;
  const { userId, ...changes } = update as Partial<Presence> & { userId?: string };
  if (!userId) return;
  usePresenceStore.setState(({ presences }) => {
    const current = presences[userId];
    const next = { ...current, ...changes, userId } as Presence;
    const rest = { ...presences };
    if (!next.status) delete rest[userId];
    else rest[userId] = next;
    return { presences: rest, statuses: statusesOf(rest) };
  });
}

export function usePresence(userId: string | undefined): Presence | undefined {
  return usePresenceStore((state) => (userId ? state.presences[userId] : undefined));
}

export const usePresenceStatuses = () => usePresenceStore((state) => state.statuses);
