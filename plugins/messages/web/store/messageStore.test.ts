import { beforeEach, describe, expect, it, vi } from "vitest";
import { getChannelMessages, loadAround, loadLatest, loadOlder, onMessageCreated, onMessageDeleted, onMessageUpdated, reloadChannel, resetMessages, setReadingAt, useMessageStore } from "./messageStore";
import { message, page } from "./testUtils";

const api = vi.hoisted(() => ({ fetchMessages: vi.fn() }));
vi.mock("../api", () => api);

const ids = () => getChannelMessages("c1").messages.map((item) => item.id);

beforeEach(() => {
  vi.clearAllMocks();
  resetMessages();
});

describe("loading", () => {
  it("keeps a live message that arrives while the channel's first page is on its way, once", async () => {
    let answer: (messages: ReturnType<typeof page>) => void = () => {};
    api.fetchMessages.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const loading = loadLatest("c1");
    const at = (id: number, channelId = "c1") => message({ id: String(id), createdAt: id * 1000, channelId });
    onMessageCreated({ message: at(60) }, null); // sent after the server read the page
    onMessageCreated({ message: at(50) }, null); // and one the page has already
    onMessageCreated({ message: at(70, "c2") }, null); // a channel not loading: nothing kept
    answer(page(1, 50));
    await loading;
    expect(ids().slice(-3)).toEqual(["49", "50", "60"]);
    expect(ids().filter((id) => id === "50")).toHaveLength(1);
    expect(getChannelMessages("c2").messages).toEqual([]);
  });

  it("loads the newest page, then older pages with the oldest id as the cursor", async () => {
    api.fetchMessages.mockResolvedValueOnce(page(51, 50));
    await loadLatest("c1");
    expect(api.fetchMessages).toHaveBeenLastCalledWith("c1", { limit: 50 });
    api.fetchMessages.mockResolvedValueOnce(page(1, 50));
    await loadOlder("c1");
    expect(api.fetchMessages).toHaveBeenLastCalledWith("c1", { limit: 50, before: "51" });
    expect(ids()).toHaveLength(100);
    expect(ids()[0]).toBe("1");
  });

  it("does not ask for older messages when there are none", async () => {
    api.fetchMessages.mockResolvedValueOnce(page(1, 10));
    await loadLatest("c1");
    expect(await loadOlder("c1")).toBe(false);
    expect(api.fetchMessages).toHaveBeenCalledTimes(1);
  });

  it("jumps around a message not loaded yet", async () => {
    api.fetchMessages.mockResolvedValueOnce(page(200, 50));
    await loadLatest("c1");
    api.fetchMessages.mockResolvedValueOnce(page(26, 50));
    expect(await loadAround("c1", "50")).toBe(true);
    expect(api.fetchMessages).toHaveBeenLastCalledWith("c1", { limit: 50, around: "50" });
    expect(getChannelMessages("c1")).toMatchObject({ hasNewer: true });
  });

  it("reloads a reader who jumped into the past around where they are, not at the present", async () => {
    api.fetchMessages.mockResolvedValueOnce(page(200, 50));
    await loadLatest("c1");
    api.fetchMessages.mockResolvedValueOnce(page(26, 50));
    await loadAround("c1", "50");
    api.fetchMessages.mockResolvedValueOnce(page(26, 50));
    expect(await reloadChannel("c1")).toBe(true);
    expect(api.fetchMessages).toHaveBeenLastCalledWith("c1", { limit: 50, around: "51" });
    expect(ids()).toContain("50");
  });

  it("reloads a reader scrolled up to an old message around that message, even when the window reaches the present", async () => {
    api.fetchMessages.mockResolvedValueOnce(page(101, 50));
    await loadLatest("c1");
    api.fetchMessages.mockResolvedValueOnce(page(51, 50));
    await loadOlder("c1");
    setReadingAt("c1", "60");
    api.fetchMessages.mockResolvedValueOnce(page(35, 50));
    await reloadChannel("c1");
    expect(api.fetchMessages).toHaveBeenLastCalledWith("c1", { limit: 50, around: "60" });
    expect(ids()).toContain("60");
  });

  it("reloads a reader back at the end with the newest page", async () => {
    api.fetchMessages.mockResolvedValueOnce(page(101, 50));
    await loadLatest("c1");
    setReadingAt("c1", "120");
    setReadingAt("c1", null);
    api.fetchMessages.mockResolvedValueOnce(page(102, 50));
    await reloadChannel("c1");
    expect(api.fetchMessages).toHaveBeenLastCalledWith("c1", { limit: 50 });
  });

  it("reloads a reader at the present with the newest page", async () => {
    api.fetchMessages.mockResolvedValueOnce(page(200, 50));
    await loadLatest("c1");
    api.fetchMessages.mockResolvedValueOnce(page(201, 50));
    await reloadChannel("c1");
    expect(api.fetchMessages).toHaveBeenLastCalledWith("c1", { limit: 50 });
    expect(ids()).toContain("250");
  });

  it("remembers a failed load", async () => {
    api.fetchMessages.mockRejectedValueOnce({ message: "Channel does not exist." });
    await loadLatest("c1");
    expect(useMessageStore.getState().loadErrors.c1).toBe("Channel does not exist.");
  });
});

describe("live events", () => {
  beforeEach(() => useMessageStore.setState({ channels: { c1: { messages: page(1, 2), hasOlder: false, hasNewer: false } } }));

  it("ignores the copy of our own message sent to our socket, adds others once", () => {
    const mine = message({ id: "10", createdAt: 10_000 });
    onMessageCreated({ message: mine, socketId: "me" }, "me");
    expect(ids()).toEqual(["1", "2"]);
    const theirs = message({ id: "11", createdAt: 11_000 });
    onMessageCreated({ message: theirs }, "me");
    onMessageCreated({ message: theirs }, "me");
    expect(ids()).toEqual(["1", "2", "11"]);
  });

  it("ignores messages for channels never opened", () => {
    onMessageCreated({ message: message({ channelId: "other" }) }, null);
    expect(useMessageStore.getState().channels.other).toBeUndefined();
  });

  it("applies edits (keeping reactions, ending any send state) and deletions", () => {
    useMessageStore.setState({
      channels: {
        c1: {
          messages: [message({ id: "1", reactions: [{ name: "👍", emojiId: null, count: 1, reacted: true }], sentStatus: 0 })],
          hasOlder: false,
          hasNewer: false,
        },
      },
    });
    onMessageUpdated({ channelId: "c1", messageId: "1", updated: { content: "edited", editedAt: 5 } });
    expect(getChannelMessages("c1").messages[0]).toMatchObject({ content: "edited", editedAt: 5, reactions: [{ name: "👍" }] });
    expect(getChannelMessages("c1").messages[0]!.sentStatus).toBeUndefined();
    onMessageDeleted({ channelId: "c1", messageId: "1" });
    expect(ids()).toEqual([]);
  });
});
