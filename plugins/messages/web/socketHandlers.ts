/** The messages plugin's live events (realtime.md §3.4, §5.2, §5.5). */
import { getSocketId } from "@hearth/socket/socketClient";
import { notifyNewMessage } from "./messageNotifications";
import { heardMessage, passiveSocketHandlers } from "./passiveView";
import { changeChannel, onMessageCreated, onMessageDeleted, onMessageUpdated, onReactionAdded, onReactionRemoved, reloadChannel, useMessageStore } from "./store/messageStore";
import {
  messageMarkedUnread,
  notificationDismissed,
  readStateAuthenticated,
  readStateMessageCreated,
  useReadState,
  viewedChannelId,
  type AuthenticatedReadPayload,
} from "./store/readState";
import { userStoppedTyping, userTyping } from "./store/typingStore";
import type {
  MessageCreatedPayload,
  MessageDeletedPayload,
  MessageUpdatedPayload,
  ReactionAddedPayload,
  ReactionRemovedPayload,
} from "./types";

let authenticatedBefore = false;

/**
 * After a reconnect, events may have been missed: cached channels are dropped (they reload
 * when opened) and the channel on screen reloads now, where its reader is.
 */
function refreshAfterReconnect(): void {
  const viewed = viewedChannelId();
  useMessageStore.setState(({ channels }) => ({
    channels: Object.fromEntries(Object.entries(channels).filter(([channelId]) => channelId === viewed)),
  }));
  if (viewed) void reloadChannel(viewed);
}

export const messageSocketHandlers = {
  ...passiveSocketHandlers,
  "user:authenticated": (payload: AuthenticatedReadPayload) => {
    readStateAuthenticated(payload);
    if (authenticatedBefore) refreshAfterReconnect();
    authenticatedBefore = true;
    passiveSocketHandlers["user:authenticated"]();
  },
  "message:created": (payload: MessageCreatedPayload) => {
    heardMessage(payload.message.id);
    onMessageCreated(payload, getSocketId());
    readStateMessageCreated(payload.message, payload.serverId, (payload.member as { permissions?: number } | null | undefined)?.permissions);
    notifyNewMessage(payload);
    userStoppedTyping(payload.message.channelId, payload.message.createdBy.id);
  },
  "message:updated": (payload: MessageUpdatedPayload) => onMessageUpdated(payload),
  "message:deleted": (payload: MessageDeletedPayload) => onMessageDeleted(payload),
  "message:deleted_batch": ({ userId, serverId, fromTime, toTime }: { userId: string; serverId: string; fromTime: number; toTime: number }) => {
    const channels = useReadState.getState().channels;
    for (const channelId of Object.keys(useMessageStore.getState().channels)) {
      if (channels[channelId]?.serverId !== serverId) continue;
      changeChannel(channelId, (channel) => ({
        ...channel,
        messages: channel.messages.filter(
          (message) => !(message.createdBy.id === userId && message.createdAt > toTime && message.createdAt <= fromTime),
        ),
      }));
    }
  },
  "message:reaction_added": (payload: ReactionAddedPayload) => onReactionAdded(payload),
  "message:reaction_removed": (payload: ReactionRemovedPayload) => onReactionRemoved(payload),
  "channel:typing": (payload: { userId: string; channelId: string }) => userTyping(payload),
  "notification:dismissed": (payload: { channelId: string }) => notificationDismissed(payload),
  "message:mark_unread": (payload: { channelId: string; at: number }) => messageMarkedUnread(payload),
};
