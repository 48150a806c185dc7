import { describe, expect, it } from "vitest";
import {
  addLiveMessage,
  applyPage,
  applyReactionAdded,
  applyReactionRemoved,
  compareIds,
  continuesGroup,
  EMPTY_CHANNEL,
  MESSAGE_CACHE_LIMIT,
  mergeMessages,
  removeMessage,
  replaceTemp,
  updateMessage,
  type ChannelMessages,
} from "./messageList";
import { ada, bob, message, page } from "./testUtils";

const ids = (state: ChannelMessages) => state.messages.map((item) => item.id);

describe("ordering and merging", () => {
  it("compares flake ids as numbers, not as text", () => {
    expect(compareIds("99", "100")).toBeLessThan(0);
    expect(compareIds("1844674407370955161", "999999999999999999")).toBeGreaterThan(0);
    expect(compareIds("5", "5")).toBe(0);
  });

  it("merges by id (the newer copy wins) and keeps the oldest first", () => {
    const a = message({ id: "10", createdAt: 10 });
    const b = message({ id: "20", createdAt: 20 });
    const edited = { ...a, content: "edited" };
    const merged = mergeMessages([b, a], [edited, message({ id: "15", createdAt: 15 })]);
    expect(merged.map((item) => item.id)).toEqual(["10", "15", "20"]);
    expect(merged[0]!.content).toBe("edited");
  });

  it("orders messages of the same millisecond by id, server messages before local ones", () => {
    const local = message({ id: "temp-1", createdAt: 5, local: true });
    const merged = mergeMessages([local], [message({ id: "12", createdAt: 5 }), message({ id: "11", createdAt: 5 })]);
    expect(merged.map((item) => item.id)).toEqual(["11", "12", "temp-1"]);
  });
});

describe("pages", () => {
  it("takes the latest page and knows whether older messages exist", () => {
    expect(applyPage(EMPTY_CHANNEL, page(1, 50), "latest")).toMatchObject({ hasOlder: true, hasNewer: false });
    expect(applyPage(EMPTY_CHANNEL, page(1, 12), "latest")).toMatchObject({ hasOlder: false, hasNewer: false });
  });

  it("keeps pending local messages when the latest page is reloaded", () => {
    const local = message({ id: "temp-9", createdAt: 10_000_000, local: true });
    const state = applyPage({ ...EMPTY_CHANNEL, messages: [local] }, page(1, 3), "latest");
    expect(ids(state)).toEqual(["1", "2", "3", "temp-9"]);
  });

  it("adds older pages in front without duplicates and trims the newest beyond the cache limit", () => {
    let state = applyPage(EMPTY_CHANNEL, page(101, 50), "latest");
    state = applyPage(state, [...page(51, 50), ...page(101, 1)], "before");
    expect(state.messages).toHaveLength(100);
    expect(state).toMatchObject({ hasOlder: true, hasNewer: false });
    state = applyPage(state, page(1, 50), "before");
    expect(state.messages).toHaveLength(MESSAGE_CACHE_LIMIT);
    expect(ids(state)[0]).toBe("1");
    expect(ids(state).at(-1)).toBe("100");
    expect(state).toMatchObject({ hasOlder: true, hasNewer: true });
  });

  it("adds newer pages at the end, trimming the oldest", () => {
    let state: ChannelMessages = { messages: page(1, 100), hasOlder: false, hasNewer: true };
    state = applyPage(state, page(101, 20), "after");
    expect(ids(state)[0]).toBe("21");
    expect(ids(state).at(-1)).toBe("120");
    expect(state).toMatchObject({ hasOlder: true, hasNewer: false });
  });

  it("replaces the window for a jump and works out both edges from the target", () => {
    const around = applyPage(EMPTY_CHANNEL, page(26, 50), "around", { aroundId: "50" });
    expect(around).toMatchObject({ hasOlder: true, hasNewer: true });
    const nearStart = applyPage(EMPTY_CHANNEL, page(1, 35), "around", { aroundId: "10" });
    expect(nearStart).toMatchObject({ hasOlder: false, hasNewer: true });
    const nearEnd = applyPage(EMPTY_CHANNEL, page(1, 30), "around", { aroundId: "20" });
    expect(nearEnd).toMatchObject({ hasOlder: false, hasNewer: false });
  });
});

describe("live messages", () => {
  it("appends a live message once, even when the event repeats", () => {
    const state = applyPage(EMPTY_CHANNEL, page(1, 3), "latest");
    const live = message({ id: "4", createdAt: 4000 });
    const once = addLiveMessage(state, live, true);
    const twice = addLiveMessage(once, live, true);
    expect(ids(twice)).toEqual(["1", "2", "3", "4"]);
  });

  it("leaves live messages out while the window stops short of the present", () => {
    const state: ChannelMessages = { messages: page(1, 3), hasOlder: false, hasNewer: true };
    expect(addLiveMessage(state, message({ id: "9", createdAt: 9000 }), true)).toBe(state);
  });

  it("trims the oldest only when asked (the reader is at the end)", () => {
    const full: ChannelMessages = { messages: page(1, 100), hasOlder: false, hasNewer: false };
    const live = message({ id: "101", createdAt: 101_000 });
    expect(addLiveMessage(full, live, true)).toMatchObject({ hasOlder: true });
    expect(addLiveMessage(full, live, true).messages).toHaveLength(100);
    expect(addLiveMessage(full, live, false).messages).toHaveLength(101);
  });

  it("replaces the pending copy with the server's", () => {
    const temp = message({ id: "temp-1", tempId: "temp-1", local: true, sentStatus: 0, createdAt: 99_999_999 });
    const state = { ...EMPTY_CHANNEL, messages: [...page(1, 2), temp] };
    const saved = message({ id: "3", createdAt: 3000, content: temp.content });
    const next = replaceTemp(state, "temp-1", saved);
    expect(ids(next)).toEqual(["1", "2", "3"]);
    expect(next.messages[2]!.sentStatus).toBeUndefined();
  });
});

describe("reactions", () => {
  const base = message({ reactions: [{ name: "👍", emojiId: null, count: 1, reacted: false }] });

  it("sets absolute counts and marks our own reaction", () => {
    const event = { reactedByUserId: ada.id, messageId: base.id, channelId: "c1", emojiId: null, name: "👍", count: 2 };
    const once = applyReactionAdded(base, event, ada.id);
    expect(once.reactions).toEqual([expect.objectContaining({ name: "👍", count: 2, reacted: true })]);
    expect(applyReactionAdded(once, event, ada.id).reactions).toEqual(once.reactions);
  });

  it("adds a new reaction someone else made, not reacted by us", () => {
    const event = { reactedByUserId: bob.id, messageId: base.id, channelId: "c1", emojiId: null, name: "🎉", count: 1 };
    expect(applyReactionAdded(base, event, ada.id).reactions?.[1]).toMatchObject({ name: "🎉", count: 1, reacted: false });
  });

  it("drops a reaction at zero and clears our reacted flag", () => {
    const reacted = message({ reactions: [{ name: "👍", emojiId: null, count: 2, reacted: true }] });
    const removal = { reactionRemovedByUserId: ada.id, messageId: reacted.id, channelId: "c1", emojiId: null, name: "👍" };
    expect(applyReactionRemoved(reacted, { ...removal, count: 1 }, ada.id).reactions).toEqual([
      expect.objectContaining({ count: 1, reacted: false }),
    ]);
    expect(applyReactionRemoved(reacted, { ...removal, count: 0 }, ada.id).reactions).toEqual([]);
  });
});

describe("grouping", () => {
  it("groups the same author's messages within five minutes", () => {
    const first = message({ createdAt: Date.UTC(2026, 0, 1, 12, 0) });
    expect(continuesGroup(first, message({ createdAt: first.createdAt + 60_000 }))).toBe(true);
    expect(continuesGroup(first, message({ createdAt: first.createdAt + 6 * 60_000 }))).toBe(false);
    expect(continuesGroup(first, message({ createdAt: first.createdAt + 1000, createdBy: bob }))).toBe(false);
    expect(continuesGroup(undefined, first)).toBe(false);
  });
});

describe("replies and quotes follow the message they show", () => {
  const original = message({ id: "10", createdAt: 10, content: "old text", createdBy: bob });
  const reply = message({ id: "20", createdAt: 20, replyMessages: [{ replyToMessage: { id: "10", content: "old text", createdBy: bob } }] });
  const quote = message({
    id: "30",
    createdAt: 30,
    content: "[q:10]",
    quotedMessages: [{ id: "10", channelId: "c1", content: "old text", createdBy: bob }],
  });
  const state: ChannelMessages = { messages: [original, reply, quote], hasOlder: false, hasNewer: false };

  it("an edit reaches the reply preview and the quote", () => {
    const next = updateMessage(state, "10", { content: "new text", editedAt: 99 });
    expect(next.messages[0]!.content).toBe("new text");
    expect(next.messages[1]!.replyMessages![0]!.replyToMessage).toMatchObject({ id: "10", content: "new text", editedAt: 99 });
    expect(next.messages[2]!.quotedMessages![0]).toMatchObject({ id: "10", content: "new text" });
  });

  it("also when the original is not loaded", () => {
    const next = updateMessage({ ...state, messages: [reply] }, "10", { content: "new text" });
    expect(next.messages[0]!.replyMessages![0]!.replyToMessage!.content).toBe("new text");
  });

  it("a change that is not an edit leaves them alone", () => {
    const next = updateMessage(state, "10", { pinned: true });
    expect(next.messages[1]).toBe(reply);
    expect(updateMessage({ ...state, messages: [reply] }, "10", { pinned: true }).messages[0]).toBe(reply);
  });

  it("a deleted original shows as deleted in its replies", () => {
    const next = removeMessage(state, "10");
    expect(ids(next)).toEqual(["20", "30"]);
    expect(next.messages[0]!.replyMessages).toEqual([{ replyToMessage: null }]);
    expect(removeMessage({ ...state, messages: [reply] }, "10").messages[0]!.replyMessages).toEqual([{ replyToMessage: null }]);
    expect(removeMessage(state, "404")).toBe(state);
  });
});

