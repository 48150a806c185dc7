import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { presenceSlots } from "./public";
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
  slots: [
    shellSlots.avatarIndicator.fill(PresenceDot),
    shellSlots.userAreaAccessory.fill(StatusPicker),
    presenceSlots.useStatuses.fill(usePresenceStatuses),
    presenceSlots.statuses.fill(() => usePresenceStore.getState().statuses),
    presenceSlots.merge.fill((presences) => presencesMerged(presences as Presence[])),
  ],
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
