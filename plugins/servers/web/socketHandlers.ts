/** The servers plugin's live events: the `user:authenticated` slice and every `server:*` event (realtime.md §3.4, §5.4). */
import { forgetMemberList, memberListJoined, memberListLeft, resetMemberLists } from "./memberLists";
import { forgetMemberSearches } from "./mentionSource";
import {
  loadNotificationDefault,
  notificationDefaultUpdated,
  notificationSettingsAuthenticated,
  notificationSettingsUpdated,
  type NotificationMode,
  type NotificationSetting,
} from "./notificationSettings";
import * as store from "./serversStore";
import type { MemberUser } from "./types";

// `profile` ({font, clan}): Hearth's user:updated carries it when a clan is put on or taken off.
const USER_FIELDS = ["username", "tag", "avatar", "banner", "hexColor", "badges", "profile"] as const;

function userChanges(updated: Record<string, unknown> | undefined): Partial<MemberUser> {
  const changes: Record<string, unknown> = {};
  for (const field of USER_FIELDS) if (updated && field in updated) changes[field] = updated[field];
  return changes as Partial<MemberUser>;
}

export const serverSocketHandlers = {
  "user:authenticated": (
    payload: Parameters<typeof store.serversAuthenticated>[0] & { notificationSettings?: NotificationSetting[]; notificationDefaults?: Record<string, NotificationMode> },
  ) => {
    store.serversAuthenticated(payload);
    resetMemberLists();
    forgetMemberSearches();
    notificationSettingsAuthenticated(payload);
  },
  "user:notification_settings_update": notificationSettingsUpdated,
  "server:notification_defaults": notificationDefaultUpdated,
  "server:joined": (payload: Parameters<typeof store.serverJoined>[0]) => {
    store.serverJoined(payload);
    forgetMemberList({ serverId: payload.server.id });
    void loadNotificationDefault(payload.server.id).catch(() => undefined); // "all" until it answers
  },
  "server:left": (payload: { serverId: string }) => {
    store.serverLeft(payload);
    forgetMemberList(payload);
  },
  "server:updated": store.serverUpdated,
  "server:member_joined": (payload: Parameters<typeof store.memberJoined>[0]) => {
    store.memberJoined(payload);
    memberListJoined(payload);
  },
  "server:member_left": (payload: Parameters<typeof store.memberLeft>[0]) => {
    store.memberLeft(payload);
    memberListLeft(payload);
  },
  "server:member_updated": store.memberUpdated,
  "server:role_created": store.roleCreated,
  "server:role_updated": store.roleUpdated,
  "server:role_deleted": store.roleDeleted,
  "server:role_order_updated": store.roleOrderUpdated,
  "server:channel_created": store.channelCreated,
  "server:channel_updated": store.channelUpdated,
  "server:channel_deleted": store.channelDeleted,
  "server:channel_order_updated": store.channelOrderUpdated,
  "server:channel_permissions_updated": store.channelPermissionsUpdated,
  "server:emoji_add": store.emojiAdded,
  "server:emoji_update": store.emojiUpdated,
  "server:emoji_remove": store.emojiRemoved,
  "server:schedule_delete": store.deletionScheduled,
  "server:remove_schedule_delete": store.deletionUnscheduled,
  "server:clan_updated": store.clanUpdated,
  "server:order_updated": store.orderUpdated,
  "server:folder_created": store.folderCreated,
  "server:folder_updated": store.folderUpdated,
  "server:members_fetched": store.membersFetched,
  "user:updated": ({ userId, updated }: { userId: string; updated?: Record<string, unknown> }) => store.memberUserUpdated(userId, userChanges(updated)),
  "user:updatedSelf": (updated: Record<string, unknown>) => {
    const selfId = store.selfUserId();
    if (selfId) store.memberUserUpdated(selfId, userChanges(updated));
  },
};
