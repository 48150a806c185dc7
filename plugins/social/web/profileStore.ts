/** Profiles fetched this session, shared by the profile page and the user card. */
import { describeError } from "@hearth/api/requestErrors";
import { create } from "zustand";
import { fetchUserDetails, followUser, unfollowUser } from "./socialApi";
import type { UserDetails, UserProfileDetails } from "./types";

export interface ProfileEntry {
  details: UserDetails | null;
  loading: boolean;
  error: string | null;
}

interface ProfileState {
  profiles: Record<string, ProfileEntry>;
}

export const useProfileStore = create<ProfileState>()(() => ({ profiles: {} }));

const EMPTY: ProfileEntry = { details: null, loading: false, error: null };

function setEntry(userId: string, change: Partial<ProfileEntry>): void {
  useProfileStore.setState(({ profiles }) => ({ profiles: { ...profiles, [userId]: { ...(profiles[userId] ?? EMPTY), ...change } } }));
}

export function useProfile(userId: string): ProfileEntry {
  return useProfileStore((state) => state.profiles[userId] ?? EMPTY);
}

/** Fetches a profile (again, so follow counts are fresh), keeping what was shown meanwhile. */
export async function loadProfile(userId: string): Promise<void> {
  setEntry(userId, { loading: true, error: null });
  try {
    setEntry(userId, { details: await fetchUserDetails(userId), loading: false });
  } catch (error) {
    setEntry(userId, { loading: false, error: describeError(error) });
  }
}

/** Whether the signed-in user follows the profile's owner (`followers` holds our follow, if any). */
export function isFollowing(details: UserDetails | null): boolean {
  return (details?.user.followers?.length ?? 0) > 0;
}

/** Follows or unfollows, then updates the cached profile (its follower count included). */
export async function setFollowing(userId: string, follow: boolean): Promise<void> {
  if (follow) await followUser(userId);
  else await unfollowUser(userId);
  useProfileStore.setState(({ profiles }) => {
    const entry = profiles[userId];
    if (!entry?.details) return {};
    const { user } = entry.details;
    const count = user._count?.followers ?? 0;
    const updated = {
      ...user,
      followers: follow ? [{ followedToId: userId }] : [],
      _count: { ...user._count, followers: Math.max(0, count + (follow ? 1 : -1)) },
    };
    return { profiles: { ...profiles, [userId]: { ...entry, details: { ...entry.details, user: updated } } } };
  });
}

/** After the signed-in user saves their profile: their cached card and page show it at once. */
export function updateCachedProfile(userId: string, profile: UserProfileDetails, banner: string | null): void {
  useProfileStore.setState(({ profiles }) => {
    const entry = profiles[userId];
    if (!entry?.details) return {};
    const details = { ...entry.details, profile, user: { ...entry.details.user, banner } };
    return { profiles: { ...profiles, [userId]: { ...entry, details } } };
  });
}
