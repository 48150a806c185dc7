/** The social bundle's slots (re-exported by `public.ts`): what other plugins add to its profile page. */
import { defineListSlot } from "@hearth/plugins/slots";
import type { ComponentType } from "react";

/** A tab another plugin adds to the profile page (`/app/profile/{userId}/{id}`). */
export interface ProfileTab {
  /** The URL segment after the user id, e.g. "posts". */
  id: string;
  label: () => string;
  Component: ComponentType<{ userId: string }>;
}

export const socialSlots = {
  /** Tabs of the profile page before its own, in the order the plugins loaded (posts: posts, replies, liked). */
  profileTabs: defineListSlot<ProfileTab>("social.profileTabs"),
};
