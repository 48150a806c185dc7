import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import enGb from "./en-gb.json";

/** Drawn only on the notifications settings page: its code loads there, not at start-up. */
const WebPushCard = lazyComponent(async () => (await import("./WebPushCard")).WebPushCard);

/** Push: the Web Push card of the notifications settings page, where a browser turns push on or off. */
export default definePlugin({
  id: "push",
  slots: [shellSlots.notificationSettingsCards.fill(WebPushCard)],
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
