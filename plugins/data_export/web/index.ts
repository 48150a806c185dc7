import { definePlugin } from "@hearth/plugins/pluginTypes";
import { accountSlots } from "../../accounts/web/public";
import { DataExportCard } from "./DataExportCard";
import enGb from "./en-gb.json";
import { FEATURE } from "./exportApi";

/** Download your data (Hearth's addition, asked for with the `data_export` feature): a card of
 * Settings › Account to ask for a copy, follow its progress and download it. */
export default definePlugin({
  id: "data_export",
  socketFeatures: [FEATURE],
  slots: [accountSlots.accountSettingsCards.fill(DataExportCard)],
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
