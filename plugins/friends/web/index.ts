import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { add, actions, confirm, userMenu } from "./en-gb.json";
import { friendSocketHandlers } from "./socketHandlers";
import { friendsUserMenuSection } from "./userMenu";

/**
 * Friends and blocking: the live friend list and its REST actions. The friends pane has no
 * route of its own: the inbox shows it at /app/inbox when no conversation is open, and the
 * social bundle uses the friend actions on profiles (see `public.ts`).
 */
export default definePlugin({
  id: "friends",
  socketHandlers: friendSocketHandlers,
  slots: [shellSlots.userMenuSections.fill(friendsUserMenuSection)],
  i18n: { "en-gb": { add, actions, confirm, userMenu } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
