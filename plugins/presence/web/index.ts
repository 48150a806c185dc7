import { definePlugin } from "@hearth/plugins/pluginTypes";
import enGb from "./en-gb.json";
import { PresenceDot } from "./PresenceDot";
import { presencesAuthenticated, presencesMerged, presenceUpdated, usePresenceStatuses, type Presence } from "./presenceStore";
import { StatusPicker } from "./StatusPicker";

/** Presence: status dots on avatars, the online list for friends, and one's own status picker. */
export default definePlugin({
  id: "presence",
  socketHandlers: {
    "user:authenticated": (payload: { presences?: Presence[] }) => presencesAuthenticated(payload.presences),
    "user:presence_update": (payload: unknown) => presenceUpdated(payload),
    // a joined server brings the presences of its online members (realtime.md §5.4)
    "server:joined": (payload: { memberPresences?: Presence[] }) => presencesMerged(payload?.memberPresences),
  },
  extensions: {
    PresenceIndicator: PresenceDot,
    usePresenceStatuses,
    UserAreaAccessory: StatusPicker,
  },
  i18n: { "en-gb": enGb },
});
