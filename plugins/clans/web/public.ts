/**
 * What other bundles may use from the clans bundle: the clan tag's slot and its types. Drawing
 * it needs no `requires`: without clans loaded the tag is simply not drawn.
 */
import { defineSlot } from "@hearth/plugins/slots";
import { createElement, type ComponentType } from "react";

/** The clan a user wears, as embedded in their profile (`profile.clan`, entities.md §3.1). */
export interface WornClan {
  tag: string;
  icon: string;
  serverId?: string;
}

/** What the clan tag beside a name gets: whose name, and the clan their loaded profile says they wear. */
export interface ClanTagProps {
  userId: string;
  clan?: WornClan | null;
}

export const clanSlots = {
  /** The tag drawn beside a user's name: the clan passed in, as changed by live events since it was loaded. */
  tag: defineSlot<ComponentType<ClanTagProps>>("clans.tag"),
};

/** The clan tag beside a name; nothing without the clans plugin or when the user wears no clan. */
export function ClanTag(props: ClanTagProps) {
  const Tag = clanSlots.tag.use();
  return Tag ? createElement(Tag, props) : null;
}
