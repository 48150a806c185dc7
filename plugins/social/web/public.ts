/**
 * What other plugin bundles may use from the social bundle: its slots (filling one needs no
 * `requires`: without social loaded the slot is simply never drawn).
 */
export { socialSlots, type ProfileTab } from "./slots";
