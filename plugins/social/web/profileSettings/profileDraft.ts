/**
 * The profile settings form's rules (rest.md §1.19, entities.md §3.4): the draft the user edits,
 * what it previews, what it fails, and the changes it sends. Pure, so it is tested on its own.
 */
import { MAX_PROFILE_FONT, MIN_PROFILE_FONT } from "../profileFonts";
import type { UserProfileDetails } from "../types";

export const MAX_BIO_LENGTH = 1000;
export const COLOUR_FIELDS = ["bgColorOne", "bgColorTwo", "primaryColor"] as const;
export type ColourField = (typeof COLOUR_FIELDS)[number];
export type ProfileField = "bio" | ColourField | "font" | "banner";

/** The banner as the draft wants it: unchanged, removed, or a picture to upload on save. */
export type BannerChoice = { kind: "keep" } | { kind: "remove" } | { kind: "upload"; file: File; previewUrl: string };

export interface ProfileDraft {
  bio: string;
  bgColorOne: string;
  bgColorTwo: string;
  primaryColor: string;
  font: number;
  banner: BannerChoice;
}

/** What `POST /users` takes for these fields; null clears one. */
export interface ProfileChanges {
  bio?: string | null;
  bgColorOne?: string | null;
  bgColorTwo?: string | null;
  primaryColor?: string | null;
  font?: number;
}

export type ProfileProblem = "bioTooLong" | "invalidColour" | "invalidFont";

/** The colours the server takes (`#rgb`, `#rrggbb`, `#rrggbbaa`); anything else is never sent. */
const PROFILE_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export const isProfileColour = (value: string) => PROFILE_COLOUR.test(value);

/** Characters as the server counts them (code points: an emoji is one). */
export const bioLength = (bio: string) => [...bio].length;

export function draftFromProfile(profile: UserProfileDetails | null | undefined): ProfileDraft {
  return {
    bio: profile?.bio ?? "",
    bgColorOne: profile?.bgColorOne ?? "",
    bgColorTwo: profile?.bgColorTwo ?? "",
    primaryColor: profile?.primaryColor ?? "",
    font: profile?.font ?? 0,
    banner: { kind: "keep" },
  };
}

/** Each field the draft cannot be saved with, and why. */
export function validateDraft(draft: ProfileDraft): Partial<Record<ProfileField, ProfileProblem>> {
  const problems: Partial<Record<ProfileField, ProfileProblem>> = {};
  if (bioLength(draft.bio) > MAX_BIO_LENGTH) problems.bio = "bioTooLong";
  for (const field of COLOUR_FIELDS) {
    if (draft[field] !== "" && !isProfileColour(draft[field])) problems[field] = "invalidColour";
  }
  if (!Number.isInteger(draft.font) || draft.font < MIN_PROFILE_FONT || draft.font > MAX_PROFILE_FONT) problems.font = "invalidFont";
  return problems;
}

const orNull = (value: string) => (value.trim() === "" ? null : value);

/** The fields that differ from the saved profile, as the server wants them (empty means cleared). */
export function profileChanges(saved: UserProfileDetails | null | undefined, draft: ProfileDraft): ProfileChanges {
  const changes: ProfileChanges = {};
  if (orNull(draft.bio) !== (saved?.bio ?? null)) changes.bio = orNull(draft.bio);
  for (const field of COLOUR_FIELDS) {
    if (orNull(draft[field]) !== (saved?.[field] ?? null)) changes[field] = orNull(draft[field]);
  }
  if (draft.font !== (saved?.font ?? 0)) changes.font = draft.font;
  return changes;
}

export function hasUnsavedChanges(saved: UserProfileDetails | null | undefined, draft: ProfileDraft): boolean {
  return draft.banner.kind !== "keep" || Object.keys(profileChanges(saved, draft)).length > 0;
}

/** The profile the preview card shows: the draft, with only the colours that would be accepted. */
export function previewProfile(draft: ProfileDraft): UserProfileDetails {
  const colour = (value: string) => (isProfileColour(value) ? value : null);
  return {
    bio: draft.bio.trim() === "" ? null : draft.bio,
    bgColorOne: colour(draft.bgColorOne),
    bgColorTwo: colour(draft.bgColorTwo),
    primaryColor: colour(draft.primaryColor),
    font: draft.font,
  };
}
