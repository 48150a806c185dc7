import { definePlugin } from "@hearth/plugins/pluginTypes";
import enGb from "./en-gb.json";
import { PresenceDot } from "./PresenceDot";
import { presencesAuthenticated, presencesMerged, presenceUpdated, usePresenceStatuses, usePresenceStore, type Presence } from "./presenceStore";
import { resendStoredActivity } from "./sharedActivity";
import { StatusPicker } from "./StatusPicker";
import { t } from "./i18n";

/** Presence: status dots on avatars, the online list for friends, one's own status picker and shared activity. */
export default definePlugin({
  id: "presence",
  routes: [{ path: "settings/activity-status", lazy: () => import("./ActivityStatusPage") }],
  settingsSections: [{ id: "activity-status", path: "activity-status", label: () => t("activity.nav"), icon: "smile", order: 100 }],
  socketHandlers: {
    "user:authenticated": (payload: { presences?: Presence[] }) => {
      presencesAuthenticated(payload.presences);
      resendStoredActivity();
    },
    "user:presence_update": (payload: unknown) => presenceUpdated(payload),
    // a joined server brings the presences of its online members (realtime.md §5.4)
    "server:joined": (payload: { memberPresences?: Presence[] }) => presencesMerged(payload?.memberPresences),
  },
  extensions: {
    PresenceIndicator: PresenceDot,
    usePresenceStatuses,
    presenceStatuses: () => usePresenceStore.getState().statuses,
    mergePresences: (presences) => presencesMerged(presences as Presence[]),
    UserAreaAccessory: StatusPicker,
  },
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
