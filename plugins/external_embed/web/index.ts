import { definePlugin } from "@hearth/plugins/pluginTypes";
import { registerSettingsSection } from "../../servers/web/public";
import enGb from "./en-gb.json";
import { t } from "./i18n";
import { ExternalEmbedSettings } from "./sections";

/** External embed: the "External embed" server settings section (spec §2, §6) and the user's own
 * embed at /app/settings/external-embed. */
registerSettingsSection("external-embed", ExternalEmbedSettings);

export default definePlugin({
  id: "external_embed",
  routes: [{ path: "settings/external-embed", lazy: () => import("./UserEmbedPage") }],
  navEntries: [{ id: "profile-embed", to: "settings/external-embed", icon: "external", label: () => t("user.nav") }],
  i18n: { "en-gb": enGb },
});
