/** What other plugins (those that list `accounts` in `requires`) may import from this one. */
export { UserBadges } from "./badges/UserBadges";
export { updateAccount, type AccountChanges, type AccountUpdateReply, type UpdatedProfile } from "./accountsApi";
export { accountSlots } from "./slots";
