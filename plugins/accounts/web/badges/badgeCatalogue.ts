/** The user badges of entities.md §10.1: their bits, and how Hearth draws them (colours are client-side). */

export const BADGE_KEYS = [
  "FOUNDER", "ADMIN", "CONTRIBUTOR", "SUPPORTER", "PALESTINE", "BOT", "MOD", "EMO_SUPPORTER",
  "CAT_EARS_WHITE", "CAT_EARS_BLUE", "FOX_EARS_GOLD", "FOX_EARS_BROWN", "BUNNY_EARS_BLACK", "BUNNY_EARS_MAID",
  "DOG_EARS_BROWN", "DOG_SHIBA", "WOLF_EARS", "GOAT_EARS_WHITE", "DEER_EARS_HORNS", "GOAT_HORNS",
  "DEER_EARS_HORNS_DARK", "CAT_EARS_MAID", "CAT_EARS_PURPLE", "DEER_EARS_WHITE",
] as const;

export type BadgeKey = (typeof BADGE_KEYS)[number];

export interface Badge {
  key: BadgeKey;
  bit: number;
  color: string;
}

const COLORS: Partial<Record<BadgeKey, string>> = {
  FOUNDER: "#6fd894",
  ADMIN: "#fa5f55",
  CONTRIBUTOR: "#ffffff",
  SUPPORTER: "#d8a66f",
  PALESTINE: "#149954",
  BOT: "#4c93ff",
  MOD: "#a86fd8",
  EMO_SUPPORTER: "#d86fb7",
};
const OVERLAY_COLOR = "#8a93a6";

/** Every badge, in bit order (the bit of the n-th key is 2ⁿ). */
export const BADGES: readonly Badge[] = BADGE_KEYS.map((key, index) => ({ key, bit: 2 ** index, color: COLORS[key] ?? OVERLAY_COLOR }));

/** FOUNDER, ADMIN, BOT, MOD: powers the instance gives; `POST /users/badges/toggle` refuses them. */
export const LOCKED_BITS = 1 | 2 | 32 | 64;
/** PALESTINE: free to everyone, never an inventory item. */
export const FREE_BITS = 16;

export const badgesIn = (bits: number | undefined): Badge[] => BADGES.filter((badge) => ((bits ?? 0) & badge.bit) !== 0);
