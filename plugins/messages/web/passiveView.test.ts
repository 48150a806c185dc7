import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@hearth/socket/socketClient", () => ({ emitSocketEvent: vi.fn(), getSocketId: () => null }));
vi.mock("./messageNotifications", () => ({ notifyNewMessage: vi.fn() }));

import { emitSocketEvent } from "@hearth/socket/socketClient";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { notifyNewMessage } from "./messageNotifications";
import { heardMessage, passiveSocketHandlers, viewChannel } from "./passiveView";
import { useMessageStore } from "./store/messageStore";
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

afterEach(() => {
  vi.mocked(notifyNewMessage).mockClear();
  viewChannel(null);
});

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

  it("drops a channel's cached messages when it is left: it hears nothing more", async () => {
    viewChannel("c1");
    await settle();
    useMessageStore.setState({ channels: { c1: { messages: [], hasOlder: false, hasNewer: false } } });
    viewChannel("c2");
    await settle();
    expect(useMessageStore.getState().channels.c1).toBeUndefined();
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
