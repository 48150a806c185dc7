import { definePlugin } from "@hearth/plugins/pluginTypes";
import { registerSettingsSection } from "../../servers/web/public";
import enGb from "./en-gb.json";
import { t } from "./i18n";
import { ClanSettings } from "./sections";

/** Clans: the server settings "Clan" section and /app/settings/clan, where members choose the clan they wear. */
registerSettingsSection("clan", ClanSettings);

export default definePlugin({
  id: "clans",
  routes: [{ path: "settings/clan", lazy: () => import("./WearClanPage") }],
  navEntries: [{ id: "clan", to: "settings/clan", icon: "users", label: () => t("nav") }],
  i18n: { "en-gb": enGb },
});
