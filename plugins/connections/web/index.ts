import { definePlugin } from "@hearth/plugins/pluginTypes";
import { connectionAdded, connectionRemoved, setConnections } from "./connectionsStore";
import { nav, link } from "./en-gb.json";
import { t } from "./i18n";
import type { Connection } from "./types";

/** Connections: /app/settings/connections lists the providers the server offers and the user's
 * linked accounts; /app/settings/connections/<provider>-redirect finishes a link. */
export default definePlugin({
  id: "connections",
  routes: [
    { path: "settings/connections", lazy: () => import("./ConnectionsPage") },
    { path: "settings/connections/:returnPage", lazy: () => import("./LinkReturnPage") },
  ],
  settingsSections: [{ id: "connections", path: "connections", label: () => t("nav"), icon: "link", order: 75 }],
  socketHandlers: {
    "user:authenticated": (payload: { user?: { connections?: Connection[] } }) => setConnections(payload.user?.connections ?? []),
    "user:connection_added": connectionAdded,
    "user:connection_removed": connectionRemoved,
  },
  i18n: { "en-gb": { nav, link } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
