/**
 * What other bundles may use from the presence bundle: its slots and their types. Reading them
 * needs no `requires`: without presence loaded everyone is offline and nothing is drawn.
 */
import { defineSlot } from "@hearth/plugins/slots";

/** Presence status values (entities.md §10.8): 0 offline, 1 online, 2 looking to play, 3 away, 4 do not disturb. */
export type PresenceStatus = 0 | 1 | 2 | 3 | 4;

/** A user's presence as the server sends it (realtime.md §3.4 `presences`). */
export interface PresenceSnapshot {
  userId: string;
  status: PresenceStatus;
  custom?: string | null;
}

type Statuses = Readonly<Record<string, PresenceStatus>>;

export const presenceSlots = {
  /** Live status of every user it knows (a hook); missing users are offline. */
  useStatuses: defineSlot<() => Statuses>("presence.useStatuses"),
  /** The same, read once outside rendering (ordering the `@` list). */
  statuses: defineSlot<() => Statuses>("presence.statuses"),
  /** Adds presences that came another way than the socket, e.g. with a page of members. */
  merge: defineSlot<(presences: readonly PresenceSnapshot[]) => void>("presence.merge"),
};

const NO_STATUSES: Statuses = Object.freeze({});
const useNoStatuses = () => NO_STATUSES;

/**
 * Presence status by user id. Plugins are installed before any plugin page renders, so the
 * provider does not change between two renders of a component.
 */
export function usePresenceStatuses(): Statuses {
  const useStatuses = presenceSlots.useStatuses.get() ?? useNoStatuses;
  return useStatuses();
}

/** Everyone's status now (not a hook); nobody is online without the presence plugin. */
export function presenceStatuses(): Statuses {
  return presenceSlots.statuses.get()?.() ?? NO_STATUSES;
}

/** Hands presences to the presence plugin; nothing happens without one. */
export function mergePresences(presences: readonly PresenceSnapshot[]): void {
  presenceSlots.merge.get()?.(presences);
}

export function usePresenceAvailable(): boolean {
  return presenceSlots.useStatuses.use() !== undefined;
}
