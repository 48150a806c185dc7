import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { lazyComponent } from "@hearth/ui/lazyComponent";

/** Drawn only on the notifications settings page: its code loads there, not at start-up. */
const WebPushCard = lazyComponent(async () => (await import("./WebPushCard")).WebPushCard);

/** Push: the Web Push card of the notifications settings page, where a browser turns push on or off. */
export default definePlugin({
  id: "push",
  slots: [shellSlots.notificationSettingsCards.fill(WebPushCard)],
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
