import { definePlugin } from "@hearth/plugins/pluginTypes";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { accountSlots } from "../../accounts/web/public";
import { queued, running, ready, failed, expired } from "./en-gb.json";
import { FEATURE } from "./exportApi";

/** Drawn only on Settings › Account: its code loads there, not at start-up. */
const DataExportCard = lazyComponent(async () => (await import("./DataExportCard")).DataExportCard);

/** Download your data (Hearth's addition, asked for with the `data_export` feature): a card of
 * Settings › Account to ask for a copy, follow its progress and download it. */
export default definePlugin({
  id: "data_export",
  socketFeatures: [FEATURE],
  slots: [accountSlots.accountSettingsCards.fill(DataExportCard)],
  i18n: { "en-gb": { queued, running, ready, failed, expired } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
