/** The member list's grouping: online members under their highest shown role, then the rest online, then offline. */
import { safeColour } from "@hearth/ui/safeStyle";
import type { ServerMember, ServerRole } from "./types";

export interface MemberGroup {
  /** A role id, "online", "members" (no presence known) or "offline". */
  key: string;
  role?: ServerRole;
  members: ServerMember[];
}

export const displayName = (member: ServerMember) => member.nickname || member.user.username;

/** The member's roles that exist, highest first. */
export function rolesOf(member: ServerMember, roles: Readonly<Record<string, ServerRole | undefined>>): ServerRole[] {
  return member.roleIds.flatMap((roleId) => roles[roleId] ?? []).sort((a, b) => b.order - a.order);
}

/** A CSS colour for a role colour: `#hex`, or the first colour of a compact gradient (`lg<deg><hex> <stop>…`). */
export function roleColour(hexColor: string | null | undefined): string | undefined {
  if (!hexColor) return undefined;
  // A compact gradient (`lg<deg>#hex <stop>#hex <stop>…`) shows as its first colour.
  return safeColour(hexColor.startsWith("lg") ? /#[0-9a-f]+/i.exec(hexColor)?.[0] : hexColor);
}

/** Colour of the member's name: that of their highest role with a colour. */
export function memberColour(member: ServerMember, roles: Readonly<Record<string, ServerRole | undefined>>): string | undefined {
  for (const role of rolesOf(member, roles)) {
    const colour = roleColour(role.hexColor);
    if (colour) return colour;
  }
  return undefined;
}

const byId = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order of the server's member pages (`GET /servers/{id}/members`): the lower-cased display
 * name by code unit, then the user id, so pages loaded later continue the list where it ended.
 */
export function byName(a: ServerMember, b: ServerMember): number {
  const x = displayName(a).toLowerCase();
  const y = displayName(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : byId(a.userId, b.userId);
}

/**
 * `online(userId)` is null when presence is not known at all (no presence plugin): everybody is
 * then listed by role, with the rest under "members". Hidden roles (`hideRole`) and the default
 * role never make a group.
 */
export function groupMembers(
  members: readonly ServerMember[],
  roles: Readonly<Record<string, ServerRole | undefined>>,
  defaultRoleId: string,
  online: ((userId: string) => boolean) | null,
): MemberGroup[] {
  const byRole = new Map<string, ServerMember[]>();
  const rest: ServerMember[] = [];
  const offline: ServerMember[] = [];
  for (const member of members) {
    if (online && !online(member.userId)) {
      offline.push(member);
      continue;
    }
    const shown = rolesOf(member, roles).find((role) => !role.hideRole && role.id !== defaultRoleId);
    if (shown) byRole.set(shown.id, [...(byRole.get(shown.id) ?? []), member]);
    else rest.push(member);
  }
  const groups: MemberGroup[] = [...byRole.entries()]
    .map(([roleId, list]) => ({ key: roleId, role: roles[roleId], members: list.sort(byName) }))
    .sort((a, b) => (b.role?.order ?? 0) - (a.role?.order ?? 0));
  if (rest.length) groups.push({ key: online ? "online" : "members", members: rest.sort(byName) });
  if (offline.length) groups.push({ key: "offline", members: offline.sort(byName) });
  return groups;
}

/** One row of the (virtualised) member list: a group's title, a member, or the loading row. */
export type MemberListRow =
  | { kind: "group"; key: string; group: MemberGroup; count: number }
  | { kind: "member"; key: string; member: ServerMember }
  | { kind: "more"; key: string };

/**
 * The groups as rows. `serverCounts` (the server's group sizes while the list is partly loaded)
 * give the titles' counts; without them the loaded members are counted. `more`: a last row that
 * stands for the members not loaded yet.
 */
export function memberListRows(groups: readonly MemberGroup[], serverCounts: ReadonlyArray<{ id: string; count: number }> | null, more: boolean): MemberListRow[] {
  const rows: MemberListRow[] = [];
  for (const group of groups) {
    const known = serverCounts?.find((entry) => entry.id === group.key)?.count ?? 0;
    rows.push({ kind: "group", key: `group:${group.key}`, group, count: Math.max(known, group.members.length) });
    for (const member of group.members) rows.push({ kind: "member", key: `member:${member.userId}`, member });
  }
  if (more) rows.push({ kind: "more", key: "more" });
  return rows;
}
