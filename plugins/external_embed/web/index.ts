import { definePlugin } from "@hearth/plugins/pluginTypes";
import { registerSettingsSection } from "../../servers/web/public";
import enGb from "./en-gb.json";
import { ExternalEmbedSettings } from "./sections";

/** External embed: the "External embed" server settings section (spec §2, §6). */
registerSettingsSection("external-embed", ExternalEmbedSettings);

export default definePlugin({
  id: "external_embed",
  i18n: { "en-gb": enGb },
});
