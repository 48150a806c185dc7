import { registerTranslations } from "@hearth/i18n/i18n";
import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@hearth/notifications/notify", () => ({ notifyMessage: vi.fn() }));
vi.mock("./threadsApi", () => ({ getThread: vi.fn(), followedThreads: vi.fn() }));

import { notifyMessage } from "@hearth/notifications/notify";
import { messageSlots } from "../../messages/web/public";
import type { Message, ServerMessageContext } from "../../messages/web/public";
import enGb from "./en-gb.json";
import { threadSocketHandlers } from "./live";
import { getThread } from "./threadsApi";
import { openPanel, rememberThreads, threadsOf, useThreadsStore } from "./threadsStore";
import type { Thread } from "./types";

const thread: Thread = {
  id: "t1",
  type: 11,
  name: "Trip",
  serverId: "s1",
  parentId: "c1",
  starterMessageId: null,
  createdById: "8",
  archived: false,
  archivedAt: null,
  locked: false,
  autoArchiveMinutes: 1440,
  lastMessagedAt: 1,
  createdAt: 1,
  following: true,
};
const bob = { id: "8", username: "bob", tag: "BOB1" };
const message = (overrides: Partial<Message> = {}): Message => ({
  id: "m1",
  channelId: "t1",
  type: 0,
  content: "see [@:7]",
  createdAt: 2,
  createdBy: bob,
  mentions: [{ id: "7", username: "me", tag: "ME01" }],
  ...overrides,
});
const modes: ServerMessageContext = { pingMode: 0, soundMode: 0, mentionsMe: true, serverName: "Hearthside", channelName: "general" };

beforeEach(() => {
  registerTranslations("en-gb", "threads", enGb);
  useSelfUserStore.setState({ user: { id: "7", username: "me", tag: "ME01", badges: 0 }, sessionId: null });
  useThreadsStore.setState({ threads: {}, followed: {}, panel: null });
  rememberThreads([thread]);
});

afterEach(() => {
  clearSlots();
  vi.mocked(notifyMessage).mockClear();
  vi.mocked(getThread).mockReset();
});

describe("a mention in a followed thread", () => {
  it("sounds and notifies with the parent channel's modes, opening the thread", () => {
    const context = vi.fn(() => modes);
    fillSlots([messageSlots.serverMessageContext.fill(context)]);
    threadSocketHandlers["message:created"]({ message: message() });
    expect(context).toHaveBeenCalledWith(expect.objectContaining({ serverId: "s1", channelId: "c1", mentionedUserIds: ["7"] }));
    expect(notifyMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        mentionsMe: true,
        pingMode: 0,
        soundMode: 0,
        channelId: "t1",
        title: "bob in Trip (Hearthside)",
        body: "see @",
        path: "/app/servers/s1/c1?thread=t1",
      }),
    );
  });

  it("one's own message notifies nobody", () => {
    fillSlots([messageSlots.serverMessageContext.fill(() => modes)]);
    threadSocketHandlers["message:created"]({ message: message({ createdBy: { id: "7", username: "me", tag: "ME01" } }) });
    expect(notifyMessage).not.toHaveBeenCalled();
  });

  it("a thread the user unfollowed stays silent", () => {
    fillSlots([messageSlots.serverMessageContext.fill(() => modes)]);
    rememberThreads([{ ...thread, following: false }]);
    threadSocketHandlers["message:created"]({ message: message() });
    expect(notifyMessage).not.toHaveBeenCalled();
  });
});

describe("any message in a followed thread", () => {
  it("goes to the notifier with the parent channel's modes, which decide as for the channel", () => {
    fillSlots([messageSlots.serverMessageContext.fill(() => ({ ...modes, pingMode: 1, soundMode: 0 }))]);
    threadSocketHandlers["message:created"]({ message: message({ content: "hi", mentions: [] }) });
    expect(notifyMessage).toHaveBeenCalledWith(expect.objectContaining({ mentionsMe: false, pingMode: 1, soundMode: 0, channelId: "t1", body: "hi" }));
  });

  it("is followed through the followed list too (a thread listed without its follow state)", () => {
    fillSlots([messageSlots.serverMessageContext.fill(() => modes)]);
    const { following: _unknown, ...listed } = thread;
    useThreadsStore.setState({ threads: { t1: listed }, followed: { t1: { unread: false, mentions: 0 } } });
    threadSocketHandlers["message:created"]({ message: message({ content: "hi", mentions: [] }) });
    expect(notifyMessage).toHaveBeenCalledTimes(1);
  });

  it("a thread not followed notifies only a mention (which follows it), never another message", () => {
    fillSlots([messageSlots.serverMessageContext.fill(() => modes)]);
    const { following: _unknown, ...seen } = thread;
    useThreadsStore.setState({ threads: { t1: seen }, followed: {} });
    threadSocketHandlers["message:created"]({ message: message({ content: "hi", mentions: [] }) });
    expect(notifyMessage).not.toHaveBeenCalled();
    threadSocketHandlers["message:created"]({ message: message() });
    expect(notifyMessage).toHaveBeenCalledWith(expect.objectContaining({ mentionsMe: true }));
  });
});

describe("a message in a thread the client has not met", () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve)); // the mocked fetch and its handlers (microtasks)
  const older = { ...thread, id: "t9", name: "Old trip", lastMessagedAt: 0, following: false };

  it("fetches it into the open list of its channel, first by the message's time", async () => {
    openPanel({ kind: "list", channelId: "c1" });
    vi.mocked(getThread).mockResolvedValue(older);
    threadSocketHandlers["message:created"]({ message: message({ channelId: "t9", createdAt: 50, mentions: [] }), parentId: "c1" });
    threadSocketHandlers["message:created"]({ message: message({ channelId: "t9", createdAt: 51, mentions: [] }), parentId: "c1" });
    await settle();
    expect(getThread).toHaveBeenCalledTimes(1);
    expect(threadsOf(useThreadsStore.getState().threads, "c1", false).map((item) => [item.id, item.lastMessagedAt])).toEqual([
      ["t9", 51],
      ["t1", 1],
    ]);
  });

  it("asks nothing when no list of its channel is open", async () => {
    openPanel({ kind: "list", channelId: "another" });
    threadSocketHandlers["message:created"]({ message: message({ channelId: "t9", mentions: [] }), parentId: "c1" });
    openPanel({ kind: "thread", threadId: "t1" });
    threadSocketHandlers["message:created"]({ message: message({ channelId: "t9", mentions: [] }), parentId: "c1" });
    await settle();
    expect(getThread).not.toHaveBeenCalled();
  });
});

describe("one's own reply in a thread not followed", () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve));
  const mine = () => message({ content: "me too", mentions: [], createdBy: { id: "7", username: "me", tag: "ME01" } });

  it("follows it when the server says the reply did (no event says so)", async () => {
    rememberThreads([{ ...thread, following: false }]);
    vi.mocked(getThread).mockResolvedValue({ ...thread, following: true });
    threadSocketHandlers["message:created"]({ message: mine() });
    await settle();
    expect(getThread).toHaveBeenCalledWith("t1");
    expect(useThreadsStore.getState().followed.t1).toEqual({ unread: false, mentions: 0 });
    expect(useThreadsStore.getState().threads.t1?.following).toBe(true);
  });

  it("stays unfollowed after a manual unfollow, which the server keeps", async () => {
    rememberThreads([{ ...thread, following: false }]);
    vi.mocked(getThread).mockResolvedValue({ ...thread, following: false });
    threadSocketHandlers["message:created"]({ message: mine() });
    await settle();
    expect(useThreadsStore.getState().followed.t1).toBeUndefined();
  });

  it("asks nothing in a thread already followed", () => {
    threadSocketHandlers["message:created"]({ message: mine() });
    expect(getThread).not.toHaveBeenCalled();
    expect(useThreadsStore.getState().followed.t1).toBeDefined();
  });
});
