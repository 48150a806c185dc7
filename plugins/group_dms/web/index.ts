import { definePlugin } from "@hearth/plugins/pluginTypes";
import { inboxSlots } from "../../inbox/web/public";
import { messageSlots } from "../../messages/web/public";
import { voiceSlots } from "../../voice/web/public";
import { groupCallPlace } from "./groupCall";
import { list, system } from "./en-gb.json";
import { GroupList } from "./GroupList";
import { groupPath } from "./groupsApi";
import { groupJoined, groupLeft, groupsAuthenticated, groupUpdated, memberRemoved, membersAdded, memberUpdated } from "./groupsStore";
import { NewGroupButton } from "./NewGroupButton";
import { GroupSystemMessage } from "./SystemMessage";
import { GROUP_DM, GroupMessageType, type GroupDm } from "./types";

/**
 * Group DMs (Hearth's addition, asked for with the `group_dms` feature): groups in Home's
 * conversation list, "New group" beside its title, each group at /app/groups/{channelId} with its
 * members in the drawer, the group's system messages, and (with voice) its call button and place.
 */
export default definePlugin({
  id: "group_dms",
  routes: [{ path: "groups/*", lazy: () => import("./GroupPage") }],
  socketFeatures: ["group_dms"],
  socketHandlers: {
    "user:authenticated": (payload: { groupDms?: GroupDm[] }) => groupsAuthenticated(payload.groupDms),
    "group_dm:joined": ({ group }: { group: GroupDm }) => groupJoined(group),
    "group_dm:updated": groupUpdated,
    "group_dm:member_added": membersAdded,
    "group_dm:member_removed": memberRemoved,
    "group_dm:left": groupLeft,
    "user:updated": memberUpdated,
  },
  slots: [
    inboxSlots.conversationListActions.fill(NewGroupButton),
    inboxSlots.conversationListSections.fill(GroupList),
    messageSlots.directChannelPaths.fill({ channelType: GROUP_DM, path: groupPath }), // a group message's notification opens the group
    voiceSlots.callPlaces.fill(groupCallPlace),
  ],
  messageRenderers: Object.fromEntries(Object.values(GroupMessageType).map((type) => [type, GroupSystemMessage])),
  i18n: { "en-gb": { list, system } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
