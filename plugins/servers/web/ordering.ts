/** Reordering roles and channels in the settings (rest.md §4.3 channel order, §4.4 role order). */
import { CATEGORY_TYPE } from "./serversStore";
import type { ServerChannel, ServerRole } from "./types";

export type Placement = "before" | "after";

/**
 * The role order to send after moving `roleId` next to `targetId` in the list as shown (highest
 * first): every role id, lowest first, the default role staying lowest. Null when nothing moves or
 * the move would pass the default role.
 */
export function reorderRoles(roles: readonly ServerRole[], defaultRoleId: string, roleId: string, targetId: string, placement: Placement): string[] | null {
  if (roleId === targetId || roleId === defaultRoleId) return null;
  if (targetId === defaultRoleId && placement === "after") return null;
  const highFirst = [...roles].sort((a, b) => b.order - a.order).map((role) => role.id);
  const without = highFirst.filter((id) => id !== roleId);
  const index = without.indexOf(targetId);
  if (index < 0) return null;
  without.splice(placement === "before" ? index : index + 1, 0, roleId);
  if (without.join() === highFirst.join()) return null;
  const lowFirst = without.reverse();
  if (lowFirst[0] !== defaultRoleId) return null;
  return lowFirst;
}

/** One step up (higher) or down in the list as shown; null at either end or next to the default role. */
export function stepRole(roles: readonly ServerRole[], defaultRoleId: string, roleId: string, direction: "up" | "down"): string[] | null {
  const highFirst = [...roles].sort((a, b) => b.order - a.order);
  const index = highFirst.findIndex((role) => role.id === roleId);
  const neighbour = highFirst[direction === "up" ? index - 1 : index + 1];
  if (index < 0 || !neighbour) return null;
  return reorderRoles(roles, defaultRoleId, roleId, neighbour.id, direction === "up" ? "before" : "after");
}

export type ChannelDropTarget = { kind: Placement; id: string } | { kind: "into"; categoryId: string };

export interface ChannelMove {
  channelIds: string[];
  categoryId: string | null;
}

const byOrder = (a: ServerChannel, b: ServerChannel) => (a.order ?? 0) - (b.order ?? 0) || a.id.localeCompare(b.id);

/**
 * `POST …/channels/order` for a move: the destination's channels in their new order, and the
 * category they belong to (none for the top level). Categories stay at the top level.
 */
export function planChannelMove(channels: readonly ServerChannel[], channelId: string, target: ChannelDropTarget): ChannelMove | null {
  const moving = channels.find((channel) => channel.id === channelId);
  if (!moving) return null;
  const isCategory = moving.type === CATEGORY_TYPE;
  let categoryId: string | null;
  if (target.kind === "into") {
    const category = channels.find((channel) => channel.id === target.categoryId && channel.type === CATEGORY_TYPE);
    if (!category || isCategory) return null;
    categoryId = category.id;
  } else {
    const anchor = channels.find((channel) => channel.id === target.id);
    if (!anchor || anchor.id === channelId) return null;
    categoryId = anchor.type === CATEGORY_TYPE ? null : (anchor.categoryId ?? null);
    if (isCategory && categoryId) return null;
  }
  const siblings = channels
    .filter((channel) => channel.id !== channelId && (channel.categoryId ?? null) === categoryId)
    .sort(byOrder)
    .map((channel) => channel.id);
  if (target.kind === "into") siblings.push(channelId);
  else {
    const index = siblings.indexOf(target.id);
    siblings.splice(target.kind === "before" ? index : index + 1, 0, channelId);
  }
  const before = channels
    .filter((channel) => (channel.categoryId ?? null) === categoryId)
    .sort(byOrder)
    .map((channel) => channel.id);
  if ((moving.categoryId ?? null) === categoryId && before.join() === siblings.join()) return null;
  return { channelIds: siblings, categoryId };
}

/** One step up or down among the channel's siblings. */
export function stepChannel(channels: readonly ServerChannel[], channelId: string, direction: "up" | "down"): ChannelMove | null {
  const moving = channels.find((channel) => channel.id === channelId);
  if (!moving) return null;
  const parent = moving.type === CATEGORY_TYPE ? null : (moving.categoryId ?? null);
  const siblings = channels.filter((channel) => (channel.categoryId ?? null) === parent).sort(byOrder);
  const index = siblings.findIndex((channel) => channel.id === channelId);
  const neighbour = siblings[direction === "up" ? index - 1 : index + 1];
  if (!neighbour) return null;
  return planChannelMove(channels, channelId, { kind: direction === "up" ? "before" : "after", id: neighbour.id });
}
