/**
 * Permission rules as the client applies them (entities.md §4.7, spec §6). The server checks
 * everything again; these decide what the interface offers and which channels it lists.
 */
import type { ServerChannel, ServerMember, ServerRole, Server } from "./types";

/** Role permission bits (entities.md §10.4), in display order. */
export const RolePermission = {
  ADMIN: 1,
  SEND_MESSAGE: 2,
  MANAGE_ROLES: 4,
  MANAGE_CHANNELS: 8,
  KICK: 16,
  BAN: 32,
  MENTION_EVERYONE: 64,
  NICKNAME_MEMBER: 128,
  MENTION_ROLES: 256,
} as const;

export type RolePermissionName = keyof typeof RolePermission;
export const ROLE_PERMISSION_NAMES = Object.keys(RolePermission) as RolePermissionName[];

/** Channel permission bits of a per-role override (entities.md §10.5). */
export const ChannelPermission = { PUBLIC_CHANNEL: 1, SEND_MESSAGE: 2, JOIN_VOICE: 4 } as const;
export type ChannelPermissionName = keyof typeof ChannelPermission;
export const CHANNEL_PERMISSION_NAMES = Object.keys(ChannelPermission) as ChannelPermissionName[];

/** Everything a permission question needs: the server, who asks, their member row and the server's roles. */
export interface PermissionSubject {
  server: Pick<Server, "createdById" | "defaultRoleId">;
  userId: string | undefined;
  member: Pick<ServerMember, "roleIds"> | undefined;
  roles: Readonly<Record<string, Pick<ServerRole, "permissions" | "order"> | undefined>>;
}

export function isOwner(subject: PermissionSubject): boolean {
  return subject.userId !== undefined && subject.server.createdById === subject.userId;
}

/** The default role plus the member's own roles (ids of deleted roles are ignored). */
export function memberRoleIds(subject: PermissionSubject): string[] {
  if (!subject.member) return [];
  return [subject.server.defaultRoleId, ...subject.member.roleIds.filter((id) => id !== subject.server.defaultRoleId)];
}

/** OR of the permissions of the default role and the member's roles. */
export function rolePermissionBits(subject: PermissionSubject): number {
  let bits = 0;
  for (const roleId of memberRoleIds(subject)) bits |= subject.roles[roleId]?.permissions ?? 0;
  return bits;
}

/** The owner, or a member holding ADMIN: passes every check and sees every channel. */
export function isAdmin(subject: PermissionSubject): boolean {
  if (!subject.member) return false;
  return isOwner(subject) || (rolePermissionBits(subject) & RolePermission.ADMIN) !== 0;
}

export function hasPermission(subject: PermissionSubject, bit: number): boolean {
  if (!subject.member) return false;
  return isAdmin(subject) || (rolePermissionBits(subject) & bit) !== 0;
}

/** OR of the channel's overrides for the default role and the member's roles; a missing override is 0. */
export function channelPermissionBits(subject: PermissionSubject, channel: Pick<ServerChannel, "permissions">): number {
  const mine = new Set(memberRoleIds(subject));
  let bits = 0;
  for (const entry of channel.permissions ?? []) if (mine.has(entry.roleId)) bits |= entry.permissions;
  return bits;
}

export function canViewChannel(subject: PermissionSubject, channel: Pick<ServerChannel, "permissions">): boolean {
  if (!subject.member) return false;
  return isAdmin(subject) || (channelPermissionBits(subject, channel) & ChannelPermission.PUBLIC_CHANNEL) !== 0;
}

/** The channel's SEND bit and the role's SEND_MESSAGE, unless owner or admin. */
export function canSendInChannel(subject: PermissionSubject, channel: Pick<ServerChannel, "permissions">): boolean {
  if (!subject.member) return false;
  if (isAdmin(subject)) return true;
  return (
    (channelPermissionBits(subject, channel) & ChannelPermission.SEND_MESSAGE) !== 0 &&
    (rolePermissionBits(subject) & RolePermission.SEND_MESSAGE) !== 0
  );
}

/** The channel's JOIN_VOICE bit, unless owner or admin (entities.md §4.7 "can join voice"). */
export function canJoinVoice(subject: PermissionSubject, channel: Pick<ServerChannel, "permissions">): boolean {
  if (!subject.member) return false;
  return isAdmin(subject) || (channelPermissionBits(subject, channel) & ChannelPermission.JOIN_VOICE) !== 0;
}

/** Highest `order` among the member's roles, the default role included. */
export function topRoleOrder(subject: PermissionSubject): number {
  let top = 1;
  for (const roleId of memberRoleIds(subject)) top = Math.max(top, subject.roles[roleId]?.order ?? 1);
  return top;
}

/** Non-owners may only edit, delete, assign or move roles strictly below their top role. */
export function canManageRole(subject: PermissionSubject, role: Pick<ServerRole, "order">): boolean {
  if (!hasPermission(subject, RolePermission.MANAGE_ROLES)) return false;
  return isOwner(subject) || role.order < topRoleOrder(subject);
}

// Server settings (spec §2, §6).

export type SettingsSectionId =
  | "general"
  | "notifications"
  | "invites"
  | "roles"
  | "channels"
  | "bans"
  | "audit-logs"
  | "welcome-screen"
  | "emojis"
  | "publish-server"
  | "verify"
  | "clan"
  | "external-embed"
  | "security"
  | "import"
  | "export";

export interface SettingsSection {
  id: SettingsSectionId;
  /** Role permission needed to see the section; null: every member. */
  permission: number | null;
  /** Built into the servers bundle; the others come from bundles that fill `serverSlots.settingsSections` (slots.ts). */
  available: boolean;
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: "general", permission: RolePermission.ADMIN, available: true },
  { id: "notifications", permission: null, available: true },
  { id: "invites", permission: null, available: true },
  { id: "roles", permission: RolePermission.MANAGE_ROLES, available: true },
  { id: "channels", permission: RolePermission.MANAGE_CHANNELS, available: true },
  { id: "bans", permission: RolePermission.BAN, available: true },
  { id: "audit-logs", permission: RolePermission.ADMIN, available: true },
  { id: "welcome-screen", permission: RolePermission.ADMIN, available: false },
  { id: "emojis", permission: RolePermission.ADMIN, available: false },
  { id: "publish-server", permission: RolePermission.ADMIN, available: false },
  { id: "verify", permission: RolePermission.ADMIN, available: false },
  { id: "clan", permission: RolePermission.ADMIN, available: false },
  { id: "external-embed", permission: RolePermission.ADMIN, available: false },
  { id: "security", permission: RolePermission.ADMIN, available: false },
  { id: "import", permission: RolePermission.ADMIN, available: false },
  { id: "export", permission: RolePermission.ADMIN, available: false },
];

export function canOpenSettingsSection(subject: PermissionSubject, section: SettingsSection): boolean {
  if (!subject.member) return false;
  return section.permission === null || hasPermission(subject, section.permission);
}

/** Whether a section has a screen: built in, or registered by another bundle. */
export function isAvailable(section: SettingsSection, contributed: Partial<Record<SettingsSectionId, unknown>> = {}): boolean {
  return section.available || contributed[section.id] !== undefined;
}

/** The settings sections this member may open, in navigation order; sections no bundle fills are left out. */
export function visibleSettingsSections(subject: PermissionSubject, contributed: Partial<Record<SettingsSectionId, unknown>> = {}): SettingsSection[] {
  return SETTINGS_SECTIONS.filter((section) => isAvailable(section, contributed) && canOpenSettingsSection(subject, section));
}

export function findSettingsSection(id: string | undefined): SettingsSection | undefined {
  return SETTINGS_SECTIONS.find((section) => section.id === id);
}

// Member actions (spec §6): what the member context menu offers.

export type MemberAction = "nickname" | "roles" | "kick" | "ban" | "transfer";

export interface MemberActionTarget {
  userId: string;
  bot?: boolean | null;
}

export function memberActions(subject: PermissionSubject, target: MemberActionTarget, assignableRoleCount: number): MemberAction[] {
  if (!subject.member || !subject.userId) return [];
  const self = target.userId === subject.userId;
  const targetIsOwner = target.userId === subject.server.createdById;
  const actions: MemberAction[] = [];
  // NICKNAME_MEMBER even for oneself; someone else's needs admin; only the owner renames the owner.
  const nickname = hasPermission(subject, RolePermission.NICKNAME_MEMBER) && (self || (isAdmin(subject) && (!targetIsOwner || isOwner(subject))));
  if (nickname) actions.push("nickname");
  if (hasPermission(subject, RolePermission.MANAGE_ROLES) && assignableRoleCount > 0) actions.push("roles");
  if (!self && !targetIsOwner && hasPermission(subject, RolePermission.KICK)) actions.push("kick");
  if (!self && !targetIsOwner && hasPermission(subject, RolePermission.BAN)) actions.push("ban");
  if (!self && isOwner(subject) && !target.bot) actions.push("transfer");
  return actions;
}
