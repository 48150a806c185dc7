import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@hearth/socket/socketClient", () => ({ emitSocketEvent: vi.fn(), getSocketId: () => null }));
vi.mock("./messageNotifications", () => ({ notifyNewMessage: vi.fn() }));
const api = vi.hoisted(() => ({ fetchMessages: vi.fn() }));
vi.mock("./api", () => api);

import { emitSocketEvent } from "@hearth/socket/socketClient";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { notifyNewMessage } from "./messageNotifications";
import { heardMessage, passiveSocketHandlers, viewChannel } from "./passiveView";
import { isChannelLoaded, resetMessages, useMessageStore } from "./store/messageStore";
import { useReadState } from "./store/readState";
import type { Message } from "./types";

const bob = { id: "8", username: "bob", tag: "BOB1" };
const me = { id: "7", username: "me", tag: "ME01" };
const message = (id: string, createdAt: number, createdBy = bob): Message => ({ id, channelId: "c2", type: 0, content: "hi", createdAt, createdBy });
const summary = (latest: Message, other?: Message) => ({
  channelId: "c2",
  serverId: "s1",
  count: 2,
  message: latest,
  ...(other ? { other: { message: other } } : {}),
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  useSelfUserStore.setState({ user: { ...me, badges: 0 }, sessionId: null });
  useReadState.setState({
    channels: { c1: { id: "c1", type: 1, serverId: "s1" }, c2: { id: "c2", type: 1, serverId: "s1", lastMessagedAt: 5 } },
    mentions: {},
    lastSeen: { c2: 5 },
  });
  passiveSocketHandlers["user:authenticated"]();
  await settle();
  vi.mocked(emitSocketEvent).mockClear();
});

afterEach(async () => {
  vi.mocked(notifyNewMessage).mockClear();
  api.fetchMessages.mockReset();
  viewChannel(null);
  await settle();
  resetMessages();
});

const cached = (...ids: string[]) =>
  useMessageStore.setState(({ channels }) => ({
    channels: { ...channels, ...Object.fromEntries(ids.map((id) => [id, { messages: [message(`${id}-m1`, 1)], hasOlder: false, hasNewer: false }])) },
  }));

/** Opens a channel as the pane does, and the server's answer to it. */
async function open(channelId: string, answer: { summarised?: boolean; missed?: boolean } = {}) {
  viewChannel(channelId);
  await settle();
  passiveSocketHandlers["hearth:viewing"]({ channelId, summarised: false, missed: false, ...answer });
  await settle();
}

describe("passive delivery in the web UI", () => {
  it("tells the server the channel on screen once per switch, and none when the pane closes", async () => {
    viewChannel("c1");
    viewChannel(null); // the old pane's clean-up and the new pane's mount, in one task
    viewChannel("c2");
    await settle();
    expect(emitSocketEvent).toHaveBeenCalledTimes(1);
    expect(emitSocketEvent).toHaveBeenCalledWith("hearth:view", { channelId: "c2" });
    viewChannel(null);
    await settle();
    expect(emitSocketEvent).toHaveBeenLastCalledWith("hearth:view", { channelId: null });
  });

  it("keeps a channel delivered in full when it is left, and asks nothing when it is opened again", async () => {
    cached("c1", "c2");
    await open("c1");
    await open("c2");
    await open("c1");
    expect(isChannelLoaded("c1")).toBe(true);
    expect(isChannelLoaded("c2")).toBe(true);
    expect(api.fetchMessages).not.toHaveBeenCalled();
  });

  it("drops a channel the server summarises once it is left: it hears nothing more", async () => {
    cached("c1");
    await open("c1", { summarised: true });
    await open("c2");
    expect(isChannelLoaded("c1")).toBe(false);
  });

  it("loads what was sent after the newest message when the server says some was withheld", async () => {
    await open("c2"); // nothing cached: the pane's own load
    cached("c2");
    api.fetchMessages.mockResolvedValue([]);
    passiveSocketHandlers["hearth:viewing"]({ channelId: "c2", summarised: true, missed: true });
    await settle();
    expect(api.fetchMessages).toHaveBeenCalledWith("c2", { limit: 50, after: "c2-m1" });
  });

  it("reloads a copy kept from before when events of it were withheld (the tab was hidden)", async () => {
    cached("c2");
    api.fetchMessages.mockResolvedValue([message("m9", 9)]);
    await open("c2", { missed: true });
    expect(api.fetchMessages).toHaveBeenCalledWith("c2", { limit: 50 });
    expect(useMessageStore.getState().channels.c2?.messages.map((item) => item.id)).toEqual(["m9"]);
  });

  it("drops cached channels that become summarised, except the one on screen", async () => {
    cached("c1", "c2", "c3");
    await open("c2");
    passiveSocketHandlers["hearth:summarised"]({ added: ["c1", "c2"], removed: ["c3"] });
    expect(isChannelLoaded("c1")).toBe(false);
    expect(isChannelLoaded("c2")).toBe(true);
    expect(isChannelLoaded("c3")).toBe(true);
    await open("c3"); // leaving c2, now summarised: dropped
    expect(isChannelLoaded("c2")).toBe(false);
  });

  it("an answer that comes after the channel was left drops it when it was or will be summarised", async () => {
    cached("c1", "c2");
    viewChannel("c1");
    await settle();
    viewChannel("c2");
    await settle();
    passiveSocketHandlers["hearth:viewing"]({ channelId: "c1", summarised: true, missed: false });
    expect(isChannelLoaded("c1")).toBe(false);
    passiveSocketHandlers["hearth:viewing"]({ channelId: "c2", summarised: false, missed: false });
    expect(isChannelLoaded("c2")).toBe(true);
  });

  it("a summary makes the channel unread and notifies its newest message", () => {
    const latest = message("m9", 9);
    passiveSocketHandlers["hearth:activity"](summary(latest));
    expect(useReadState.getState().channels.c2?.lastMessagedAt).toBe(9);
    expect(notifyNewMessage).toHaveBeenCalledWith({ message: latest, serverId: "s1", member: undefined });
    expect(useReadState.getState().mentions).toEqual({}); // mentions come as messages of their own
  });

  it("when the newest is one's own, the one before by someone else notifies; one heard in full does not", () => {
    const before = message("m8", 8);
    passiveSocketHandlers["hearth:activity"](summary(message("m9", 9, me), before));
    expect(notifyNewMessage).toHaveBeenCalledWith(expect.objectContaining({ message: before }));
    expect(useReadState.getState().lastSeen.c2).toBe(9); // sending clears one's own unread state
    vi.mocked(notifyNewMessage).mockClear();
    heardMessage("m10");
    passiveSocketHandlers["hearth:activity"](summary(message("m10", 10)));
    expect(notifyNewMessage).not.toHaveBeenCalled();
  });

  it("an older summary never moves a channel back", () => {
    passiveSocketHandlers["hearth:activity"](summary(message("m9", 9)));
    passiveSocketHandlers["hearth:activity"](summary(message("m7", 7)));
    expect(useReadState.getState().channels.c2?.lastMessagedAt).toBe(9);
  });
});
