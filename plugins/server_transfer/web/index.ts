import { definePlugin } from "@hearth/plugins/pluginTypes";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { serverSlots } from "../../servers/web/public";
import enGb from "./en-gb.json";
import { t } from "./i18n";

const ExportSection = lazyComponent(async () => (await import("./ExportSection")).ExportSection, PaneLoading);
const ImportTab = lazyComponent(async () => (await import("./ImportTab")).ImportTab, PaneLoading);

/** A server's export and import between Hearths (Hearth's addition, asked for with the `server_transfer` feature). */
export default definePlugin({
  id: "server_transfer",
  slots: [
    serverSlots.settingsSections.fill({ id: "export", Component: ExportSection }),
    serverSlots.addServerTabs.fill({ id: "import-file", label: () => t("import.tab"), Component: ImportTab }),
  ],
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
