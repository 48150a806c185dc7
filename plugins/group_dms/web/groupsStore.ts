/** The user's group DMs (the `groupDms` slice of `user:authenticated` and the `group_dm:*` events). */
import { create } from "zustand";
import { setChannelLastSeen, upsertChannel, type PublicUser } from "../../messages/web/public";
import type { GroupDm } from "./types";

interface GroupsState {
  /** By channel id. */
  groups: Record<string, GroupDm>;
  ready: boolean;
}

export const useGroupsStore = create<GroupsState>()(() => ({ groups: {}, ready: false }));

function remember(group: GroupDm): void {
  upsertChannel(group.channel);
  setChannelLastSeen(group.channelId, group.lastSeen);
}

export function groupsAuthenticated(list: GroupDm[] | undefined): void {
  const groups: Record<string, GroupDm> = {};
  for (const group of list ?? []) {
    remember(group);
    groups[group.channelId] = group;
  }
  useGroupsStore.setState({ groups, ready: true });
}

/** `group_dm:joined`, and the replies of the group routes: the group as it is now. */
export function groupJoined(group: GroupDm): void {
  remember(group);
  useGroupsStore.setState(({ groups }) => ({ groups: { ...groups, [group.channelId]: group } }));
}

function change(channelId: string, update: (group: GroupDm) => GroupDm): void {
  useGroupsStore.setState(({ groups }) => {
    const group = groups[channelId];
    return group ? { groups: { ...groups, [channelId]: update(group) } } : {};
  });
}

export function groupUpdated({ channelId, ...changes }: { channelId: string; name?: string | null; icon?: string | null; ownerId?: string }): void {
  change(channelId, (group) => ({ ...group, ...changes }));
}

export function membersAdded({ channelId, users }: { channelId: string; users: PublicUser[] }): void {
  change(channelId, (group) => ({ ...group, members: [...group.members.filter((m) => !users.some((u) => u.id === m.id)), ...users] }));
}

export function memberRemoved({ channelId, userId }: { channelId: string; userId: string }): void {
  change(channelId, (group) => ({ ...group, members: group.members.filter((member) => member.id !== userId) }));
}

/** `group_dm:left`: we left or were removed. */
export function groupLeft({ channelId }: { channelId: string }): void {
  useGroupsStore.setState(({ groups }) => {
    if (!groups[channelId]) return {};
    const { [channelId]: _gone, ...rest } = groups;
    return { groups: rest };
  });
}

/** `user:updated`: a member changed their name or picture. */
export function memberUpdated({ userId, updated }: { userId: string; updated: Partial<PublicUser> }): void {
  useGroupsStore.setState(({ groups }) => {
    let changed = false;
    const next = Object.fromEntries(
      Object.entries(groups).map(([channelId, group]) => {
        if (!group.members.some((m) => m.id === userId)) return [channelId, group];
        changed = true;
        return [channelId, { ...group, members: group.members.map((m) => (m.id === userId ? { ...m, ...updated } : m)) }];
      }),
    );
    return changed ? { groups: next } : {};
  });
}

/** What a group is called: its name, else its other members' names. */
export function groupTitle(group: GroupDm, selfId: string | undefined): string {
  if (group.name) return group.name;
  const others = group.members.filter((m) => m.id !== selfId).map((m) => m.username);
  return (others.length ? others : group.members.map((m) => m.username)).join(", ");
}
