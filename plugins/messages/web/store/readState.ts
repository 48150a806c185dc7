/**
 * Channels and what the user has read in them: unread counters (`messageMentions`; DMs
 * count every message, realtime.md §3.4), last-seen times, and the channel rows (for
 * `lastMessagedAt`). Also knows which channel is on screen, to mark it read.
 */
import { NotificationMode } from "@hearth/notifications/decide";
import { channelReadElsewhere, serverMessageContext } from "../slots";
import { emitSocketEvent } from "@hearth/socket/socketClient";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { create } from "zustand";
import type { Channel, Message, MessageMention } from "../types";

interface ReadState {
  channels: Record<string, Channel>;
  mentions: Record<string, MessageMention>;
  /** When the user last read each channel (ms). */
  lastSeen: Record<string, number>;
}

export const useReadState = create<ReadState>()(() => ({ channels: {}, mentions: {}, lastSeen: {} }));

export interface AuthenticatedReadPayload {
  channels?: Channel[];
  messageMentions?: MessageMention[];
  lastSeenServerChannelIds?: Record<string, number>;
}

/** `user:authenticated`: replaces everything (the payload is the whole truth after a reconnect). */
export function readStateAuthenticated(payload: AuthenticatedReadPayload): void {
  const channels: Record<string, Channel> = {};
  for (const channel of payload.channels ?? []) channels[channel.id] = channel;
  const mentions: Record<string, MessageMention> = {};
  for (const mention of payload.messageMentions ?? []) mentions[mention.channelId] = mention;
  useReadState.setState(({ lastSeen }) => ({ channels, mentions, lastSeen: { ...lastSeen, ...payload.lastSeenServerChannelIds } }));
}

export function upsertChannel(channel: Channel): void {
  useReadState.setState(({ channels }) => ({ channels: { ...channels, [channel.id]: { ...channels[channel.id], ...channel } } }));
}

export function setChannelLastSeen(channelId: string, at: number | null | undefined): void {
  if (at === null || at === undefined) return;
  useReadState.setState(({ lastSeen }) => ({ lastSeen: { ...lastSeen, [channelId]: at } }));
}

export function useChannel(channelId: string | undefined): Channel | undefined {
  return useReadState((state) => (channelId ? state.channels[channelId] : undefined));
}

export function useMentionCount(channelId: string | undefined): number {
  return useReadState((state) => (channelId ? (state.mentions[channelId]?.count ?? 0) : 0));
}

/** Unread direct messages in all conversations (counters without a server). */
export function useDirectUnreadTotal(): number {
  return useReadState((state) =>
    Object.values(state.mentions).reduce((total, mention) => (mention.serverId ? total : total + mention.count), 0),
  );
}

export function useLastSeen(channelId: string): number | undefined {
  return useReadState((state) => state.lastSeen[channelId]);
}

/** True when the channel has something the user has not read. */
export function hasUnread(channelId: string): boolean {
  const { mentions, channels, lastSeen } = useReadState.getState();
  if ((mentions[channelId]?.count ?? 0) > 0) return true;
  const lastMessagedAt = channels[channelId]?.lastMessagedAt;
  const seen = lastSeen[channelId];
  return lastMessagedAt !== null && lastMessagedAt !== undefined && seen !== undefined && lastMessagedAt > seen;
}

// The channel on screen.

interface ViewedChannel {
  channelId: string;
  /** The list is scrolled to the newest message. */
  atEnd: boolean;
  /** The user marked a message unread here: do not mark the channel read again until they come back. */
  heldUnread: boolean;
}

let viewed: ViewedChannel | null = null;

const pageIsVisible = () => document.visibilityState === "visible" && document.hasFocus();

export function viewedChannelId(): string | null {
  return viewed?.channelId ?? null;
}

export function setViewedChannel(channelId: string | null): void {
  // What arrived while it was read is dismissed as the user leaves, not a moment later, when the
  // server would take the messages that came meanwhile for read too.
  if (viewed && viewed.channelId !== channelId) flushDismiss(viewed.channelId);
  viewed = channelId ? { channelId, atEnd: true, heldUnread: false } : null;
}

export function setViewedAtEndForRead(channelId: string, atEnd: boolean): void {
  if (viewed?.channelId === channelId) viewed.atEnd = atEnd;
}

export function holdUnread(channelId: string, hold: boolean): void {
  if (viewed?.channelId === channelId) viewed.heldUnread = hold;
}

/** True when a new message in this channel is being seen right now. */
export function isBeingRead(channelId: string): boolean {
  return viewed?.channelId === channelId && viewed.atEnd && !viewed.heldUnread && pageIsVisible();
}

/** Tells the server the channel is read (realtime.md §4.2), when there is anything to clear. */
export function dismissChannel(channelId: string): void {
  if (viewed?.channelId === channelId && viewed.heldUnread) return;
  if (!hasUnread(channelId)) return;
  sendDismiss(channelId);
}

/** Marks the channel read at the user's request (a channel's or server's "Mark as read"), whatever it holds. */
export function markChannelRead(channelId: string): void {
  sendDismiss(channelId);
}

// Live events.

/**
 * Whether a server channel's new message counts as a mention of the user, by the server's rules
 * (rest.md §3.7): named, through one of their roles, or @everyone from someone allowed to; never
 * from a webhook, never in a channel or server they muted. The servers bundle judges it; without
 * it, being named or `[@:e]` counts.
 */
function countsAsMention(message: Message, serverId: string | null, selfId: string | undefined, authorPermissions?: number): boolean {
  if (message.webhookId) return false; // webhook mentions notify nobody (rest.md §17.1)
  const context = serverId
    ? serverMessageContext({
        serverId,
        channelId: message.channelId,
        authorId: message.createdBy.id,
        content: message.content ?? "",
        mentionedUserIds: (message.mentions ?? []).map((user) => user.id),
        mentionedRoleIds: (message.roleMentions ?? []).map((role) => role.id),
        fromWebhook: false,
        authorPermissions,
      })
    : null;
  if (context) return context.mentionsMe && context.pingMode !== NotificationMode.MUTE;
  return Boolean(message.mentions?.some((user) => user.id === selfId) || message.content.includes("[@:e]"));
}

/** The channel moved; true when the message leaves nothing unread (one's own, or being read). */
function channelMoved(message: Message): boolean {
  const self = useSelfUserStore.getState().user?.id;
  useReadState.setState(({ channels }) => {
    const channel = channels[message.channelId];
    if (!channel || (channel.lastMessagedAt ?? 0) > message.createdAt) return {};
    return { channels: { ...channels, [message.channelId]: { ...channel, lastMessagedAt: message.createdAt } } };
  });
  if (message.createdBy.id === self) {
    // Sending clears the sender's own unread state (rest.md §3.7).
    useReadState.setState(({ mentions, lastSeen }) => {
      const { [message.channelId]: _cleared, ...rest } = mentions;
      return { mentions: rest, lastSeen: { ...lastSeen, [message.channelId]: message.createdAt } };
    });
    return true;
  }
  if (isBeingRead(message.channelId)) {
    queueDismiss(message.channelId);
    return true;
  }
  return false;
}

/**
 * `hearth:activity` (passive delivery): a channel not on screen moved to its newest message. What
 * mentions the user came as a `message:created` of its own, which counted it.
 */
export function readStateActivity(message: Message): void {
  channelMoved(message);
}

/** `message:created`: the channel moved; the counter grows unless the user is reading it. */
export function readStateMessageCreated(message: Message, serverId?: string, authorPermissions?: number): void {
  const self = useSelfUserStore.getState().user?.id;
  if (channelMoved(message)) return;
  const channel = useReadState.getState().channels[message.channelId];
  const messageServerId = channel ? (channel.serverId ?? null) : (serverId ?? (message as { serverId?: string }).serverId ?? null);
  const isDirect = !messageServerId;
  if (!isDirect && !countsAsMention(message, messageServerId, self, authorPermissions)) return;
  useReadState.setState(({ mentions }) => {
    const current = mentions[message.channelId];
    return {
      mentions: {
        ...mentions,
        [message.channelId]: {
          channelId: message.channelId,
          serverId: channel?.serverId ?? null,
          count: (current?.count ?? 0) + 1,
          mentionedById: message.createdBy.id,
          mentionedBy: message.createdBy,
          createdAt: current?.createdAt ?? message.createdAt,
        },
      },
    };
  });
}

const dismissTimers = new Map<string, ReturnType<typeof setTimeout>>();

function queueDismiss(channelId: string): void {
  if (dismissTimers.has(channelId)) return;
  dismissTimers.set(
    channelId,
    setTimeout(() => flushDismiss(channelId), 300),
  );
}

function flushDismiss(channelId: string): void {
  const timer = dismissTimers.get(channelId);
  if (timer === undefined) return;
  clearTimeout(timer);
  dismissTimers.delete(channelId);
  sendDismiss(channelId);
}

/**
 * This client's dismissals whose `notification:dismissed` echo has not come back, by channel (when
 * each was sent). The echo carries no time, so applying it on arrival would take for read whatever
 * reached the channel between the dismissal and its echo: the dismissal was applied when sent.
 * One whose echo never came (sent offline, then lost) stops counting after a minute.
 */
const unechoed = new Map<string, number[]>();
const ECHO_WAIT_MS = 60_000;

/** Tells the server the channel is read and clears it here at once (the echo may come late or, offline, not at all). */
function sendDismiss(channelId: string): void {
  unechoed.set(channelId, [...(unechoed.get(channelId) ?? []), Date.now()]);
  emitSocketEvent("notification:dismiss", { channelId });
  clearChannel(channelId);
}

function clearChannel(channelId: string): void {
  useReadState.setState(({ mentions, lastSeen }) => {
    const { [channelId]: _cleared, ...rest } = mentions;
    return { mentions: rest, lastSeen: { ...lastSeen, [channelId]: Date.now() } };
  });
}

/** `notification:dismissed`: another device read the channel, or the echo of this client's own dismissal. */
export function notificationDismissed({ channelId }: { channelId: string }): void {
  const now = Date.now();
  const waiting = (unechoed.get(channelId) ?? []).filter((sentAt) => now - sentAt < ECHO_WAIT_MS);
  if (waiting.length > 0) {
    waiting.shift();
    if (waiting.length > 0) unechoed.set(channelId, waiting);
    else unechoed.delete(channelId);
    return;
  }
  unechoed.delete(channelId);
  clearChannel(channelId);
  channelReadElsewhere(channelId);
}

/** `message:mark_unread`: read up to just before the message; a DM counts one unread (rest.md §3.10). */
export function messageMarkedUnread({ channelId, at }: { channelId: string; at: number }): void {
  useReadState.setState(({ mentions, lastSeen, channels }) => {
    const channel = channels[channelId];
    const isDirect = !channel?.serverId;
    return {
      lastSeen: { ...lastSeen, [channelId]: at },
      mentions: isDirect
        ? { ...mentions, [channelId]: { channelId, serverId: null, count: Math.max(1, mentions[channelId]?.count ?? 0), createdAt: at + 1 } }
        : mentions,
    };
  });
}

export function resetReadState(): void {
  viewed = null;
  for (const timer of dismissTimers.values()) clearTimeout(timer);
  dismissTimers.clear();
  unechoed.clear();
  useReadState.setState({ channels: {}, mentions: {}, lastSeen: {} });
}
