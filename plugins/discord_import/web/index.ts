import { definePlugin } from "@hearth/plugins/pluginTypes";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { serverSlots } from "../../servers/web/public";
import { queued, running, done, failed } from "./en-gb.json";
import { FEATURE } from "./importApi";

// The server settings' "Import from Discord" section (shown to admins; the owner imports).
const ImportSection = lazyComponent(async () => (await import("./ImportSection")).ImportSection, PaneLoading);

/** Discord import (Hearth's addition, asked for with the `discord_import` feature). */
export default definePlugin({
  id: "discord_import",
  routes: [{ path: "claim-imported/:token", lazy: () => import("./ClaimPage") }],
  socketFeatures: [FEATURE],
  slots: [serverSlots.settingsSections.fill({ id: "import", Component: ImportSection })],
  i18n: { "en-gb": { queued, running, done, failed } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
