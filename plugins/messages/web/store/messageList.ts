/**
 * The messages loaded for one channel, as pure functions: merging pages and live events,
 * ordering, de-duplicating, and trimming the cache (spec §9: pages of 50, at most twice
 * that kept per channel).
 */
import type { Message, ReactionAddedPayload, ReactionRemovedPayload, ReplyTarget } from "../types";

export const MESSAGE_PAGE_SIZE = 50;
export const MESSAGE_CACHE_LIMIT = MESSAGE_PAGE_SIZE * 2;

export interface ChannelMessages {
  /** Oldest first. */
  messages: Message[];
  /** More messages exist before the first one loaded. */
  hasOlder: boolean;
  /** The loaded window stops before the newest message (after a jump, or a trim). */
  hasNewer: boolean;
}

export const EMPTY_CHANNEL: ChannelMessages = Object.freeze({ messages: [], hasOlder: false, hasNewer: false }) as ChannelMessages;

export type PageKind = "latest" | "before" | "after" | "around";

/** Flake ids are decimal strings; compare them as numbers (entities.md §1). */
export function compareIds(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b)) {
    if (a.length !== b.length) return a.length - b.length;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Oldest first; equal times keep server messages before local ones, then id order. */
export function compareMessages(a: Message, b: Message): number {
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  if (Boolean(a.local) !== Boolean(b.local)) return a.local ? 1 : -1;
  return compareIds(a.id, b.id);
}

/** Union by id (the incoming copy wins), ordered. */
export function mergeMessages(existing: readonly Message[], incoming: readonly Message[]): Message[] {
  if (!incoming.length) return existing as Message[];
  const byId = new Map<string, Message>();
  for (const message of existing) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(compareMessages);
}

const isServerMessage = (message: Message) => !message.local;

/** Keeps at most `limit` server messages, dropping from the given end; local ones always stay. */
function trim(state: ChannelMessages, drop: "oldest" | "newest", limit = MESSAGE_CACHE_LIMIT): ChannelMessages {
  const server = state.messages.filter(isServerMessage);
  const excess = server.length - limit;
  if (excess <= 0) return state;
  const dropped = new Set((drop === "oldest" ? server.slice(0, excess) : server.slice(server.length - excess)).map((m) => m.id));
  return {
    messages: state.messages.filter((message) => !dropped.has(message.id)),
    hasOlder: drop === "oldest" ? true : state.hasOlder,
    hasNewer: drop === "newest" ? true : state.hasNewer,
  };
}

/** Applies a page from `GET /channels/:id/messages` (always oldest→newest, rest.md §3.1). */
export function applyPage(
  state: ChannelMessages,
  page: readonly Message[],
  kind: PageKind,
  options: { aroundId?: string; limit?: number } = {},
): ChannelMessages {
  const limit = options.limit ?? MESSAGE_PAGE_SIZE;
  const locals = state.messages.filter((message) => message.local);
  switch (kind) {
    case "latest":
      return { messages: mergeMessages(page, locals), hasOlder: page.length >= limit, hasNewer: false };
    case "before":
      return trim({ ...state, messages: mergeMessages(state.messages, page), hasOlder: page.length >= limit }, "newest");
    case "after": {
      const hasNewer = page.length >= limit;
      return trim({ ...state, messages: mergeMessages(state.messages, page), hasNewer }, "oldest");
    }
    case "around": {
      const half = Math.ceil(limit / 2);
      const aroundId = options.aroundId ?? "";
      const before = page.filter((message) => compareIds(message.id, aroundId) <= 0).length;
      const after = page.length - before;
      const hasNewer = after >= half;
      // Local messages belong to the present; keep them only when the window reaches it.
      return { messages: mergeMessages(page, hasNewer ? [] : locals), hasOlder: before >= half, hasNewer };
    }
  }
}

/**
 * A message from a live event. When the loaded window does not reach the present it is left
 * out (it would leave a gap); otherwise it joins, trimming the oldest when asked to.
 */
export function addLiveMessage(state: ChannelMessages, message: Message, trimOldest: boolean): ChannelMessages {
  if (state.hasNewer) return state;
  const next = { ...state, messages: mergeMessages(state.messages, [message]) };
  return trimOldest ? trim(next, "oldest") : next;
}

/**
 * Replaces a pending message by the server's copy of it. The copy keeps the temporary id
 * so the list can keep the same row (and its measured height) for it.
 */
export function replaceTemp(state: ChannelMessages, tempId: string, message: Message): ChannelMessages {
  const without = state.messages.filter((item) => item.id !== tempId && item.tempId !== tempId);
  return { ...state, messages: mergeMessages(without, [{ ...message, tempId }]) };
}

/** What a reply preview or a quote shows of the message it points at, from an edit. */
function previewPatch(patch: Partial<Message>): Partial<ReplyTarget> | null {
  if (typeof patch.content !== "string") return null;
  return {
    content: patch.content,
    ...(patch.editedAt !== undefined ? { editedAt: patch.editedAt } : {}),
    ...(patch.attachments ? { attachments: patch.attachments } : {}),
  };
}

/** A message's reply previews and quotes of message `id`, changed (null: deleted), or the message itself. */
function withPointersTo(message: Message, id: string, change: Partial<ReplyTarget> | null): Message {
  const replies = message.replyMessages;
  const quotes = message.quotedMessages;
  const repliesTo = replies?.some((reply) => reply.replyToMessage?.id === id);
  const quotesIt = change !== null && quotes?.some((quote) => quote.id === id);
  if (!repliesTo && !quotesIt) return message;
  return {
    ...message,
    ...(repliesTo
      ? { replyMessages: replies!.map((reply) => (reply.replyToMessage?.id === id ? { replyToMessage: change && { ...reply.replyToMessage, ...change } } : reply)) }
      : {}),
    ...(quotesIt ? { quotedMessages: quotes!.map((quote) => (quote.id === id ? { ...quote, ...change } : quote)) } : {}),
  };
}

/**
 * Changes message `id`. An edit of its content also reaches the reply previews and quotes that
 * show it (the original need not be loaded), so they never keep the old text.
 */
export function updateMessage(state: ChannelMessages, id: string, patch: Partial<Message>): ChannelMessages {
  let changed = false;
  const preview = previewPatch(patch);
  const messages = state.messages.map((message) => {
    if (message.id === id) {
      changed = true;
      return { ...message, ...patch };
    }
    if (!preview) return message;
    const updated = withPointersTo(message, id, preview);
    if (updated !== message) changed = true;
    return updated;
  });
  return changed ? { ...state, messages: messages.sort(compareMessages) } : state;
}

/** Removes message `id`; replies to it say the original was deleted. */
export function removeMessage(state: ChannelMessages, id: string): ChannelMessages {
  let changed = false;
  const messages: Message[] = [];
  for (const message of state.messages) {
    if (message.id === id) {
      changed = true;
      continue;
    }
    const updated = withPointersTo(message, id, null);
    if (updated !== message) changed = true;
    messages.push(updated);
  }
  return changed ? { ...state, messages } : state;
}

const sameReaction = (a: { name: string; emojiId: string | null }, b: { name: string; emojiId?: string | null }) =>
  a.name === b.name && (a.emojiId ?? null) === (b.emojiId ?? null);

/** The server sends absolute counts, so applying the same event twice changes nothing. */
export function applyReactionAdded(message: Message, event: ReactionAddedPayload, selfId: string | undefined): Message {
  const reactions = message.reactions ?? [];
  const existing = reactions.find((reaction) => sameReaction(reaction, event));
  const reacted = event.reactedByUserId === selfId ? true : (existing?.reacted ?? false);
  const updated = { name: event.name, emojiId: event.emojiId ?? null, gif: event.gif ?? null, webp: event.webp ?? null, count: event.count, reacted };
  return {
    ...message,
    reactions: existing ? reactions.map((reaction) => (reaction === existing ? { ...existing, ...updated } : reaction)) : [...reactions, updated],
  };
}

export function applyReactionRemoved(message: Message, event: ReactionRemovedPayload, selfId: string | undefined): Message {
  const reactions = message.reactions ?? [];
  const existing = reactions.find((reaction) => sameReaction(reaction, event));
  if (!existing) return message;
  if (event.count <= 0) return { ...message, reactions: reactions.filter((reaction) => reaction !== existing) };
  const reacted = event.reactionRemovedByUserId === selfId ? false : existing.reacted;
  return { ...message, reactions: reactions.map((reaction) => (reaction === existing ? { ...existing, count: event.count, reacted } : reaction)) };
}

/** Whether two neighbouring messages are shown as one group (same author within 5 minutes). */
export function continuesGroup(previous: Message | undefined, message: Message): boolean {
  if (!previous || previous.type !== 0 || message.type !== 0) return false;
  if (previous.localError || message.localError) return false;
  if (message.replyMessages?.length) return false;
  if (previous.createdBy.id !== message.createdBy.id) return false;
  if (new Date(previous.createdAt).toDateString() !== new Date(message.createdAt).toDateString()) return false;
  return message.createdAt - previous.createdAt < 5 * 60_000;
}
