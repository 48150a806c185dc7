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
  settingsSections: [{ id: "clan", path: "clan", label: () => t("nav"), icon: "users", order: 20 }],
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
