/** Loaded messages per channel, with the loading actions and the live-event reducers. */
import { describeError } from "@hearth/api/requestErrors";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { create } from "zustand";
import { fetchMessages } from "../api";
import type {
  Message,
  MessageCreatedPayload,
  MessageDeletedPayload,
  MessageUpdatedPayload,
  ReactionAddedPayload,
  ReactionRemovedPayload,
} from "../types";
import {
  addLiveMessage,
  applyPage,
  applyReactionAdded,
  applyReactionRemoved,
  EMPTY_CHANNEL,
  MESSAGE_PAGE_SIZE,
  mergeMessages,
  removeMessage,
  replaceTemp,
  updateMessage,
  type ChannelMessages,
  type PageKind,
} from "./messageList";

export interface ChannelLoading {
  latest?: boolean;
  older?: boolean;
  newer?: boolean;
  around?: boolean;
}

interface MessageState {
  channels: Record<string, ChannelMessages>;
  loading: Record<string, ChannelLoading>;
  /** Why the last load of a channel failed. */
  loadErrors: Record<string, string | null>;
  /** Channels whose list is shown scrolled to the end: live messages may trim the oldest. */
  viewedAtEnd: Record<string, boolean>;
}

export const useMessageStore = create<MessageState>()(() => ({ channels: {}, loading: {}, loadErrors: {}, viewedAtEnd: {} }));

export const selfId = () => useSelfUserStore.getState().user?.id;

export function getChannelMessages(channelId: string): ChannelMessages {
  return useMessageStore.getState().channels[channelId] ?? EMPTY_CHANNEL;
}

export function useChannelMessages(channelId: string): ChannelMessages {
  return useMessageStore((state) => state.channels[channelId] ?? EMPTY_CHANNEL);
}

const NO_LOADING: ChannelLoading = Object.freeze({});

export function useChannelLoading(channelId: string): ChannelLoading {
  return useMessageStore((state) => state.loading[channelId] ?? NO_LOADING);
}

export function isChannelLoaded(channelId: string): boolean {
  return channelId in useMessageStore.getState().channels;
}

/** Applies a change to one channel's messages. */
export function changeChannel(channelId: string, change: (channel: ChannelMessages) => ChannelMessages): void {
  useMessageStore.setState(({ channels }) => {
    const current = channels[channelId] ?? EMPTY_CHANNEL;
    const next = change(current);
    return next === current ? {} : { channels: { ...channels, [channelId]: next } };
  });
}

export function findMessage(channelId: string, messageId: string): Message | undefined {
  return getChannelMessages(channelId).messages.find((message) => message.id === messageId);
}

function setLoading(channelId: string, kind: keyof ChannelLoading, value: boolean): void {
  useMessageStore.setState(({ loading }) => ({ loading: { ...loading, [channelId]: { ...loading[channelId], [kind]: value } } }));
}

/** Pages in flight per channel; a newer "latest"/"around" load makes older ones stale. */
const generations = new Map<string, number>();
/**
 * Live messages of a channel whose first page is on its way: the server may have read that page
 * before they were sent, so they are added once it has come (a page that has them already keeps one).
 */
const arrivedWhileLoading = new Map<string, Message[]>();
const ARRIVED_KEPT = 200;

async function loadPage(channelId: string, kind: PageKind, query: { before?: string; after?: string; around?: string }): Promise<boolean> {
  const loadingKey: keyof ChannelLoading = kind === "before" ? "older" : kind === "after" ? "newer" : kind === "around" ? "around" : "latest";
  if (useMessageStore.getState().loading[channelId]?.[loadingKey]) return false;
  const replacing = kind === "latest" || kind === "around";
  const generation = (generations.get(channelId) ?? 0) + (replacing ? 1 : 0);
  generations.set(channelId, generation);
  setLoading(channelId, loadingKey, true);
  try {
    const page = await fetchMessages(channelId, { limit: MESSAGE_PAGE_SIZE, ...query });
    if (generations.get(channelId) !== generation) return false;
    const arrived = replacing ? (arrivedWhileLoading.get(channelId) ?? []) : [];
    changeChannel(channelId, (channel) =>
      arrived.reduce((next, message) => addLiveMessage(next, message, true), applyPage(channel, page, kind, { aroundId: query.around, limit: MESSAGE_PAGE_SIZE })),
    );
    useMessageStore.setState(({ loadErrors }) => ({ loadErrors: { ...loadErrors, [channelId]: null } }));
    return true;
  } catch (error) {
    useMessageStore.setState(({ loadErrors }) => ({ loadErrors: { ...loadErrors, [channelId]: describeError(error) } }));
    return false;
  } finally {
    if (replacing && generations.get(channelId) === generation) arrivedWhileLoading.delete(channelId);
    setLoading(channelId, loadingKey, false);
  }
}

/** The newest page. */
export const loadLatest = (channelId: string) => loadPage(channelId, "latest", {});

export function loadOlder(channelId: string): Promise<boolean> {
  const channel = getChannelMessages(channelId);
  const oldest = channel.messages.find((message) => !message.local);
  if (!channel.hasOlder || !oldest) return Promise.resolve(false);
  return loadPage(channelId, "before", { before: oldest.id });
}

export function loadNewer(channelId: string): Promise<boolean> {
  const channel = getChannelMessages(channelId);
  const newest = channel.messages.findLast((message) => !message.local);
  if (!channel.hasNewer || !newest) return Promise.resolve(false);
  return loadPage(channelId, "after", { after: newest.id });
}

/** Per channel, the message its reader is on when not at the end. */
const readingAt = new Map<string, string>();

export function setReadingAt(channelId: string, messageId: string | null): void {
  if (messageId === null) readingAt.delete(channelId);
  else readingAt.set(channelId, messageId);
}

/**
 * Reloads a channel after events may have been missed. A reader who is not at the end stays
 * where they are: the page around the message they were reading, or, when the loaded window
 * stops short of the present, around its middle.
 */
export function reloadChannel(channelId: string): Promise<boolean> {
  const { messages, hasNewer } = getChannelMessages(channelId);
  const stored = messages.filter((message) => !message.local);
  const reading = readingAt.get(channelId);
  if (reading && stored.some((message) => message.id === reading)) return loadPage(channelId, "around", { around: reading });
  const middle = stored[Math.floor(stored.length / 2)];
  if (hasNewer && middle) return loadPage(channelId, "around", { around: middle.id });
  return loadLatest(channelId);
}

/**
 * Passive delivery: what was sent after the newest loaded message, for a reader at the present,
 * once the server sends this channel's events again (a load in flight finishes first).
 */
export async function loadMissed(channelId: string): Promise<boolean> {
  await loadsSettled(channelId);
  if (!isChannelLoaded(channelId)) return false;
  const { messages, hasNewer } = getChannelMessages(channelId);
  const newest = messages.findLast((message) => !message.local);
  if (hasNewer) return false; // the newer pages load as the reader scrolls down
  return newest ? loadPage(channelId, "after", { after: newest.id }) : loadLatest(channelId);
}

/** Resolves once no page that replaces or extends the channel's newest messages is loading. */
export function loadsSettled(channelId: string): Promise<void> {
  const busy = () => {
    const loading = useMessageStore.getState().loading[channelId];
    return Boolean(loading?.latest || loading?.around || loading?.newer);
  };
  return new Promise((resolve) => {
    if (!busy()) return resolve();
    const stop = useMessageStore.subscribe(() => {
      if (busy()) return;
      stop();
      resolve();
    });
  });
}

/** Forgets a channel's messages (they are loaded again when it is opened). */
export function dropChannel(channelId: string): void {
  if (!useMessageStore.getState().channels[channelId]) return;
  useMessageStore.setState(({ channels }) => {
    const { [channelId]: _dropped, ...rest } = channels;
    return { channels: rest };
  });
}

/** Loads the page around a message (to jump to it), unless it is already loaded. */
export async function loadAround(channelId: string, messageId: string): Promise<boolean> {
  if (findMessage(channelId, messageId)) return true;
  await loadPage(channelId, "around", { around: messageId });
  return findMessage(channelId, messageId) !== undefined;
}

export function setViewedAtEnd(channelId: string, atEnd: boolean): void {
  if (useMessageStore.getState().viewedAtEnd[channelId] === atEnd) return;
  useMessageStore.setState(({ viewedAtEnd }) => ({ viewedAtEnd: { ...viewedAtEnd, [channelId]: atEnd } }));
}

// Live events (realtime.md §5.5).

/** `message:created`; our own sends (same socket id) were added from the REST reply already. */
export function onMessageCreated(payload: MessageCreatedPayload, ownSocketId: string | null): void {
  const { message } = payload;
  if (payload.socketId && ownSocketId && payload.socketId === ownSocketId) return;
  if (!isChannelLoaded(message.channelId)) {
    if (useMessageStore.getState().loading[message.channelId]?.latest) {
      const arrived = arrivedWhileLoading.get(message.channelId) ?? [];
      if (arrived.length < ARRIVED_KEPT) arrivedWhileLoading.set(message.channelId, [...arrived, message]);
    }
    return;
  }
  const trimOldest = useMessageStore.getState().viewedAtEnd[message.channelId] !== false;
  changeChannel(message.channelId, (channel) => addLiveMessage(channel, message, trimOldest));
}

/**
 * Link previews (`updated: {embed}`) that came before the message itself: our own send's
 * preview can overtake the REST reply that turns the pending message into the real one.
 */
const earlyEmbeds = new Map<string, Message["embed"]>();

export function onMessageUpdated({ channelId, messageId, updated }: MessageUpdatedPayload): void {
  if ("embed" in updated && Object.keys(updated).length === 1 && !findMessage(channelId, messageId)) {
    earlyEmbeds.set(messageId, updated.embed);
    if (earlyEmbeds.size > 50) earlyEmbeds.delete(earlyEmbeds.keys().next().value!);
    return;
  }
  // An edit answer carries no reactions; keep the ones we have. Any send state is over.
  const { reactions, ...rest } = updated;
  changeChannel(channelId, (channel) => updateMessage(channel, messageId, { ...rest, ...(reactions ? { reactions } : {}), sentStatus: undefined }));
}

export function onMessageDeleted({ channelId, messageId }: MessageDeletedPayload): void {
  changeChannel(channelId, (channel) => removeMessage(channel, messageId));
}

function changeMessage(channelId: string, messageId: string, change: (message: Message) => Message): void {
  changeChannel(channelId, (channel) => {
    const index = channel.messages.findIndex((message) => message.id === messageId);
    if (index === -1) return channel;
    const messages = channel.messages.slice();
    messages[index] = change(messages[index]!);
    return { ...channel, messages };
  });
}

export function onReactionAdded(event: ReactionAddedPayload): void {
  changeMessage(event.channelId, event.messageId, (message) => applyReactionAdded(message, event, selfId()));
}

export function onReactionRemoved(event: ReactionRemovedPayload): void {
  changeMessage(event.channelId, event.messageId, (message) => applyReactionRemoved(message, event, selfId()));
}

// Local changes used by the send flow.

export function addLocalMessage(message: Message): void {
  changeChannel(message.channelId, (channel) => ({ ...channel, messages: mergeMessages(channel.messages, [message]) }));
}

export function replaceLocalMessage(channelId: string, tempId: string, message: Message): void {
  if (earlyEmbeds.has(message.id)) {
    message = { ...message, embed: earlyEmbeds.get(message.id) };
    earlyEmbeds.delete(message.id);
  }
  changeChannel(channelId, (channel) => replaceTemp(channel, tempId, message));
}

export function patchMessage(channelId: string, messageId: string, patch: Partial<Message>): void {
  changeChannel(channelId, (channel) => updateMessage(channel, messageId, patch));
}

export function removeLocalMessage(channelId: string, messageId: string): void {
  changeChannel(channelId, (channel) => removeMessage(channel, messageId));
}

/** Forgets everything (sign-out). */
export function resetMessages(): void {
  generations.clear();
  arrivedWhileLoading.clear();
  earlyEmbeds.clear();
  useMessageStore.setState({ channels: {}, loading: {}, loadErrors: {}, viewedAtEnd: {} });
  readingAt.clear();
}
