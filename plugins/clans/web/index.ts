import { definePlugin } from "@hearth/plugins/pluginTypes";
import { clanSlots } from "./public";
import { serverSlots } from "../../servers/web/public";
import { nav, badge } from "./en-gb.json";
import { t } from "./i18n";
import { ClanSettings } from "./sections";
import { WornClanTag } from "./WornClanTag";
import { resetWornClans, selfUpdated, serverClanUpdated, userUpdated } from "./wornClans";

/**
 * Clans: the server settings "Clan" section, /app/settings/clan where members choose the clan
 * they wear, and the clan tag other bundles draw beside names (the `ClanTag` extension).
 */
export default definePlugin({
  id: "clans",
  routes: [{ path: "settings/clan", lazy: () => import("./WearClanPage") }],
  settingsSections: [{ id: "clan", path: "clan", label: () => t("nav"), icon: "users", order: 20 }],
  slots: [clanSlots.tag.fill(WornClanTag), serverSlots.settingsSections.fill({ id: "clan", Component: ClanSettings })],
  socketHandlers: {
    "user:authenticated": resetWornClans,
    "user:updated": userUpdated,
    "user:updatedSelf": selfUpdated,
    "server:clan_updated": serverClanUpdated,
  },
  i18n: { "en-gb": { nav, badge } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
