import { definePlugin } from "@hearth/plugins/pluginTypes";
import { serverSlots } from "../../servers/web/public";
import { nav, tabs, verify } from "./en-gb.json";
import { t } from "./i18n";
import { PublishServerSettings, VerifySettings } from "./sections";

/**
 * Explore: public servers at /app/explore/servers (the servers bundle keeps the invite page at
 * /app/explore/servers/invites/{code}), and the server settings sections "Publish server" and
 * "Verify" (spec §2, §6).
 */
export default definePlugin({
  id: "explore",
  routes: [
    { path: "explore", lazy: () => import("./ExploreRedirect") },
    { path: "explore/servers", lazy: () => import("./ExplorePage") },
    { path: "explore/servers/:id", lazy: () => import("./ExploreServerPage") },
  ],
  navEntries: [{ id: "explore", to: "explore/servers", icon: "compass", label: () => t("nav.explore"), order: 10 }],
  slots: [
    serverSlots.settingsSections.fill(
      { id: "publish-server", Component: PublishServerSettings },
      { id: "verify", Component: VerifySettings },
    ),
  ],
  i18n: { "en-gb": { nav, tabs, verify } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
