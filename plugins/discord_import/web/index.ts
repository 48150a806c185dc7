import { definePlugin } from "@hearth/plugins/pluginTypes";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { serverSlots } from "../../servers/web/public";
import { queued, running, done, failed, newServerTab } from "./en-gb.json";
import { t } from "./i18n";
import { FEATURE } from "./importApi";

// The server settings' "Import from Discord" section (shown to admins; the owner imports).
const ImportSection = lazyComponent(async () => (await import("./ImportSection")).ImportSection, PaneLoading);
// The "Add a server" dialog's "From Discord" tab: a package into a server made for it.
const NewServerTab = lazyComponent(async () => (await import("./NewServerTab")).NewServerTab, PaneLoading);

/** Discord import (Hearth's addition, asked for with the `discord_import` feature). */
export default definePlugin({
  id: "discord_import",
  routes: [{ path: "claim-imported/:token", lazy: () => import("./ClaimPage") }],
  socketFeatures: [FEATURE],
  slots: [
    serverSlots.settingsSections.fill({ id: "import", Component: ImportSection }),
    serverSlots.addServerTabs.fill({ id: "from-discord", label: () => t("newServerTab"), Component: NewServerTab }),
  ],
  i18n: { "en-gb": { queued, running, done, failed, newServerTab } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
