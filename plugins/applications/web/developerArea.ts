/**
 * Whether the rail shows the developer area: as in Discord, the developer's tools stay out of an
 * ordinary member's way. The place appears for people who turned developer mode on, or who own an
 * application (asked once per signed-in user); Settings → Developer leads there for everyone.
 */
import { useLocalSetting } from "@hearth/settings/localSettings";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useEffect } from "react";
import { create } from "zustand";
import { listApplications } from "./applicationsApi";

interface Ownership {
  /** Whose answer `owns` is: it is asked again for the next person to sign in on this page. */
  userId: string | null;
  /** Null until the server has answered. */
  owns: boolean | null;
}

const useOwnership = create<Ownership>(() => ({ userId: null, owns: null }));
let asking: string | null = null;

/** Called wherever the user's applications are seen or made (the list, a new one). */
export function noteOwnsApplications(owns: boolean): void {
  const userId = useSelfUserStore.getState().user?.id ?? null;
  useOwnership.setState({ userId, owns });
}

function askOnce(userId: string): void {
  if (asking === userId) return;
  asking = userId;
  listApplications().then(
    (applications) => {
      if (useSelfUserStore.getState().user?.id === userId) useOwnership.setState({ userId, owns: applications.length > 0 });
    },
    // Hidden while the answer is missing; the next screen that shows the rail asks again.
    () => {
      asking = null;
    },
  );
}

export function useDeveloperAreaVisible(): boolean {
  const developerMode = useLocalSetting("developerMode");
  const userId = useSelfUserStore((state) => state.user?.id ?? null);
  const owns = useOwnership((state) => (state.userId === userId ? state.owns : null));
  useEffect(() => {
    if (!developerMode && userId && owns === null) askOnce(userId);
  }, [developerMode, userId, owns]);
  return developerMode || owns === true;
}

/** For tests: forget what was learnt. */
export function resetDeveloperArea(): void {
  asking = null;
  useOwnership.setState({ userId: null, owns: null });
}
