import { definePlugin } from "@hearth/plugins/pluginTypes";
import { nav, status } from "./en-gb.json";
import { t } from "./i18n";
import { ticketMessage, ticketsAuthenticated, ticketUpdated } from "./live";
import { useUnreadTicketCount } from "./unread";

export default definePlugin({
  id: "tickets",
  routes: [
    { path: "settings/tickets", lazy: () => import("./TicketsPage") },
    { path: "settings/tickets/:id", lazy: () => import("./TicketPage") },
    { path: "moderation/tickets", lazy: () => import("./StaffTicketsPage") },
    { path: "moderation/tickets/:id", lazy: () => import("./StaffTicketPage") },
  ],
  navEntries: [
    { id: "support-tickets", to: "settings/tickets", icon: "lifebuoy", label: () => t("nav.support"), useBadge: useUnreadTicketCount, order: 60 },
  ],
  settingsSections: [{ id: "tickets", path: "tickets", label: () => t("nav.support"), icon: "lifebuoy", order: 140 }],
  socketFeatures: ["tickets"],
  socketHandlers: {
    "user:authenticated": ticketsAuthenticated,
    "ticket:updated": ticketUpdated,
    "ticket:message": ticketMessage,
  },
  i18n: { "en-gb": { nav, status } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
