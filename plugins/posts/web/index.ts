import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { socialSlots } from "../../social/web/public";
import { lazy } from "react";
import enGb from "./en-gb.json";
import { t } from "./i18n";
import { postSocketHandlers, useUnreadCount } from "./live";
import { postProfileTabs } from "./profileTabs";

/**
 * Posts: the home feed on the dashboard (/app, `?postId=` opens a post), the bell with post
 * notifications (/app/notifications), and the posts tabs of profiles. Counts update live
 * (plugins/posts/README.md, "Live counts").
 */
export default definePlugin({
  id: "posts",
  routes: [{ path: "notifications", lazy: () => import("./NotificationsPage") }],
  navEntries: [{ id: "post-notifications", to: "notifications", icon: "bell", label: () => t("notifications.nav"),
    useBadge: useUnreadCount, order: 40 }],
  socketHandlers: postSocketHandlers,
  slots: [shellSlots.dashboardContent.fill(lazy(() => import("./HomeFeed"))), socialSlots.profileTabs.fill(...postProfileTabs)],
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
