import { definePlugin } from "@hearth/plugins/pluginTypes";
import enGb from "./en-gb.json";
import { WebPushCard } from "./WebPushCard";

/** Push: the Web Push card of the notifications settings page, where a browser turns push on or off. */
export default definePlugin({
  id: "push",
  extensions: { NotificationSettingsCards: [WebPushCard] },
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
