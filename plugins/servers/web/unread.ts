/**
 * Unread state of server channels, from the messages plugin's read state: mention counters
 * (`messageMentions`) and last-seen times (`lastSeenServerChannelIds`) against each channel's
 * `lastMessagedAt`. A channel with messages the user has never opened counts as unread.
 */
import { useMemo } from "react";
import { markChannelRead, useReadState } from "../../messages/web/public";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { permissionSubject, serverChannels, useServersStore, CATEGORY_TYPE } from "./serversStore";
import { canViewChannel } from "./permissions";

type ReadState = ReturnType<typeof useReadState.getState>;

export function channelUnread(read: ReadState, channelId: string): boolean {
  if ((read.mentions[channelId]?.count ?? 0) > 0) return true;
  const lastMessagedAt = read.channels[channelId]?.lastMessagedAt;
  if (!lastMessagedAt) return false;
  const seen = read.lastSeen[channelId];
  return seen === undefined || lastMessagedAt > seen;
}

export function mentionTotal(read: ReadState, channelIds: readonly string[]): number {
  return channelIds.reduce((total, channelId) => total + (read.mentions[channelId]?.count ?? 0), 0);
}

export function useChannelUnread(channelId: string): boolean {
  return useReadState((read) => channelUnread(read, channelId));
}

/** Text channels of these servers the user can view. */
export function useVisibleChannelIds(serverIds: readonly string[]): string[] {
  const { servers, channels, members, roles } = useServersStore();
  const userId = useSelfUserStore((self) => self.user?.id);
  const key = serverIds.join(",");
  return useMemo(() => {
    const state = { servers, channels, members, roles };
    return key.split(",").flatMap((serverId) => {
      const subject = serverId ? permissionSubject(state, serverId, userId) : null;
      if (!subject) return [];
      return serverChannels(state, serverId)
        .filter((channel) => channel.type !== CATEGORY_TYPE && canViewChannel(subject, channel))
        .map((channel) => channel.id);
    });
  }, [servers, channels, members, roles, key, userId]);
}

/** Whether anything is unread in these servers, and how many mentions wait there. */
export function useServersUnread(serverIds: readonly string[]): { unread: boolean; mentions: number } {
  const channelIds = useVisibleChannelIds(serverIds);
  const unread = useReadState((read) => channelIds.some((channelId) => channelUnread(read, channelId)));
  const mentions = useReadState((read) => mentionTotal(read, channelIds));
  return { unread, mentions };
}

/**
 * Opening a channel the user has never read: the messages plugin only clears channels that have a
 * last-seen time, so this one is marked read here (realtime.md §4.2).
 */
export function markFirstVisit(channelId: string): void {
  const read = useReadState.getState();
  if (read.lastSeen[channelId] !== undefined || !read.channels[channelId]?.lastMessagedAt) return;
  markChannelRead(channelId);
}

/** "Mark as read" on a server: every channel of it the user can view that has something unread. */
export function markChannelsRead(channelIds: readonly string[]): void {
  const read = useReadState.getState();
  for (const channelId of channelIds) if (channelUnread(read, channelId)) markChannelRead(channelId);
}
