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
