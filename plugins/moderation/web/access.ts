import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { ADMIN, FOUNDER, MOD } from "./types";

export type StaffLevel = "admin" | "mod" | null;

/** FOUNDER/ADMIN: everything ("A" routes); MOD: the limited "M" routes (rest.md §0.3). */
export function staffLevelOf(badges: number | undefined): StaffLevel {
  const bits = badges ?? 0;
  if (bits & (FOUNDER | ADMIN)) return "admin";
  return bits & MOD ? "mod" : null;
}

export const useStaffLevel = (): StaffLevel => useSelfUserStore((state) => staffLevelOf(state.user?.badges));

export const useIsStaff = (): boolean => useStaffLevel() !== null;

/** What a staff member may do to a user: the server's staff ranks (the plugin's README, "Staff ranks"). */
export interface UserActions {
  /** Suspend, change a suspension, warn, shadow-ban. */
  sanction: boolean;
  /** Lift a suspension or a shadow ban. */
  lift: boolean;
  /** Username and tag. */
  edit: boolean;
  /** E-mail and password. */
  credentials: boolean;
}

interface Someone {
  id: string;
  badges?: number;
}

const NOTHING: UserActions = { sanction: false, lift: false, edit: false, credentials: false };

export function userActions(viewer: Someone | null | undefined, target: Someone): UserActions {
  if (!viewer || staffLevelOf(viewer.badges) !== "admin") return NOTHING; // MODs suggest instead
  const self = viewer.id === target.id;
  const targetBits = target.badges ?? 0;
  if (targetBits & FOUNDER) return { sanction: false, lift: true, edit: self, credentials: self };
  const viewerIsFounder = ((viewer.badges ?? 0) & FOUNDER) !== 0;
  const credentials = self || viewerIsFounder || !(targetBits & ADMIN);
  return { sanction: true, lift: true, edit: true, credentials };
}

export const useUserActions = (target: Someone): UserActions =>
  userActions(useSelfUserStore((state) => state.user), target);
