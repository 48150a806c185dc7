/** What other plugin bundles (those that `require` "explore") may use from the explore bundle. */
export { ExploreTabs } from "./ExploreTabs";
