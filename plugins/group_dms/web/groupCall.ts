/** Where a group's call is, for the voice plugin's call bar (its `callPlaces` slot). */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import type { CallPlace } from "../../voice/web/public";
import { groupPath } from "./groupsApi";
import { groupTitle, useGroupsStore } from "./groupsStore";

export function groupCallPlace(channelId: string): CallPlace | undefined {
  const group = useGroupsStore.getState().groups[channelId];
  return group ? { name: groupTitle(group, useSelfUserStore.getState().user?.id), to: groupPath(channelId) } : undefined;
}
