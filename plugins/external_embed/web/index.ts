import { definePlugin } from "@hearth/plugins/pluginTypes";
import { serverSlots } from "../../servers/web/public";
import { user } from "./en-gb.json";
import { t } from "./i18n";
import { ExternalEmbedSettings } from "./sections";

/** External embed: the "External embed" server settings section (spec §2, §6) and the user's own
 * embed at /app/settings/external-embed. */
export default definePlugin({
  id: "external_embed",
  routes: [{ path: "settings/external-embed", lazy: () => import("./UserEmbedPage") }],
  settingsSections: [{ id: "external-embed", path: "external-embed", label: () => t("user.nav"), icon: "external", order: 85 }],
  slots: [serverSlots.settingsSections.fill({ id: "external-embed", Component: ExternalEmbedSettings })],
  i18n: { "en-gb": { user } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
