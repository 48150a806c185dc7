/** Role permission bits a bot may ask for (entities.md §10.4), in display order. */
export const BOT_PERMISSIONS = [
  ["ADMIN", 1],
  ["SEND_MESSAGE", 2],
  ["MANAGE_ROLES", 4],
  ["MANAGE_CHANNELS", 8],
  ["KICK", 16],
  ["BAN", 32],
  ["MENTION_EVERYONE", 64],
  ["NICKNAME_MEMBER", 128],
  ["MENTION_ROLES", 256],
] as const;

export type BotPermissionName = (typeof BOT_PERMISSIONS)[number][0];

/** The names of the bits set in `bits`, in display order. */
export function permissionNames(bits: number): BotPermissionName[] {
  return BOT_PERMISSIONS.filter(([, bit]) => (bits & bit) !== 0).map(([name]) => name);
}

/** A `?perms=` value as role bits: unknown bits dropped, anything else 0. */
export function parsePermissions(raw: string | null): number {
  const value = Number.parseInt(raw ?? "", 10);
  const all = BOT_PERMISSIONS.reduce((sum, [, bit]) => sum | bit, 0);
  return Number.isFinite(value) && value > 0 ? value & all : 0;
}
