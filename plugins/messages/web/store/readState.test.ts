import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { messageSlots, type ServerMessageInput } from "../slots";
import { setSelfUser } from "@hearth/stores/selfUserStore";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  dismissChannel,
  hasUnread,
  markChannelRead,
  messageMarkedUnread,
  notificationDismissed,
  readStateAuthenticated,
  readStateMessageCreated,
  resetReadState,
  setViewedChannel,
  useReadState,
} from "./readState";
import { ada, bob, message } from "./testUtils";

const socket = vi.hoisted(() => ({ emitSocketEvent: vi.fn() }));
vi.mock("@hearth/socket/socketClient", () => socket);

beforeEach(() => {
  vi.clearAllMocks();
  resetReadState();
  setSelfUser({ id: ada.id, username: ada.username, tag: ada.tag, badges: 0 }, null);
  readStateAuthenticated({
    channels: [
      { id: "dm", type: 0, serverId: null, lastMessagedAt: 100 },
      { id: "srv", type: 1, serverId: "s1", lastMessagedAt: 100 },
    ],
    messageMentions: [{ channelId: "dm", serverId: null, count: 2 }],
    lastSeenServerChannelIds: { srv: 100 },
  });
});

const count = (channelId: string) => useReadState.getState().mentions[channelId]?.count ?? 0;

describe("read state", () => {
  it("counts every direct message from someone else, but only mentions in server channels", () => {
    readStateMessageCreated(message({ channelId: "dm", createdBy: bob, createdAt: 200 }));
    expect(count("dm")).toBe(3);
    readStateMessageCreated(message({ channelId: "srv", createdBy: bob, createdAt: 200 }));
    expect(count("srv")).toBe(0);
    readStateMessageCreated(message({ channelId: "srv", createdBy: bob, createdAt: 201, mentions: [ada] }));
    expect(count("srv")).toBe(1);
    expect(useReadState.getState().channels.srv!.lastMessagedAt).toBe(201);
  });

  it("does not count a webhook's mention (the server keeps no counter for it)", () => {
    const hook = { id: "77", username: "CI bot", tag: "0000", bot: true };
    readStateMessageCreated(message({ channelId: "srv", createdBy: hook, webhookId: "77", createdAt: 202, mentions: [ada] }));
    expect(count("srv")).toBe(0);
    readStateMessageCreated(message({ channelId: "srv", createdBy: bob, createdAt: 203, mentions: [ada] }));
    expect(count("srv")).toBe(1);
  });

  it("counts what the servers bundle says mentions the user: roles, an allowed @everyone, not a muted channel", () => {
    const seen: ServerMessageInput[] = [];
    let pingMode: 0 | 1 | 2 = 0;
    fillSlots([
      messageSlots.serverMessageContext.fill((input) => {
        seen.push(input);
        const mentionsMe = input.mentionedRoleIds.includes("helpers") || (input.content.includes("[@:e]") && (input.authorPermissions ?? 0) & 64) !== 0;
        return { pingMode, soundMode: 0, mentionsMe, serverName: "S", channelName: "general" };
      }),
    ]);
    try {
      readStateMessageCreated(message({ channelId: "srv", createdBy: bob, content: "[@:e]", createdAt: 210 }), "s1", 2);
      expect(count("srv")).toBe(0); // @everyone from someone without MENTION_EVERYONE
      readStateMessageCreated(message({ channelId: "srv", createdBy: bob, content: "[@:e]", createdAt: 211 }), "s1", 64);
      expect(count("srv")).toBe(1);
      readStateMessageCreated(message({ channelId: "srv", createdBy: bob, content: "[r:helpers]", roleMentions: [{ id: "helpers", name: "Helpers" }], createdAt: 212 }));
      expect(count("srv")).toBe(2);
      pingMode = 2; // the channel muted: no counter, as the server keeps none
      readStateMessageCreated(message({ channelId: "srv", createdBy: bob, content: "[r:helpers]", roleMentions: [{ id: "helpers", name: "Helpers" }], createdAt: 213 }));
      expect(count("srv")).toBe(2);
      expect(seen[0]).toMatchObject({ serverId: "s1", channelId: "srv", authorId: bob.id, authorPermissions: 2, fromWebhook: false });
    } finally {
      clearSlots();
    }
  });

  it("clears our own unread state when we send", () => {
    readStateMessageCreated(message({ channelId: "dm", createdBy: ada, createdAt: 300 }));
    expect(count("dm")).toBe(0);
    expect(hasUnread("dm")).toBe(false);
  });

  it("dismisses a viewed channel once, over the socket", () => {
    setViewedChannel("dm");
    dismissChannel("dm");
    expect(socket.emitSocketEvent).toHaveBeenCalledWith("notification:dismiss", { channelId: "dm" });
    expect(count("dm")).toBe(0);
    dismissChannel("dm");
    expect(socket.emitSocketEvent).toHaveBeenCalledTimes(1);
  });

  it("dismisses what arrived while a channel was read as the user leaves it, not what comes after", () => {
    vi.useFakeTimers({ now: 1_000 });
    vi.stubGlobal("document", { visibilityState: "visible", hasFocus: () => true }); // the page in front
    try {
      setViewedChannel("srv");
      readStateMessageCreated(message({ channelId: "srv", createdBy: bob, createdAt: 900 }));
      expect(socket.emitSocketEvent).not.toHaveBeenCalled(); // dismissed a moment later, once
      setViewedChannel("dm");
      expect(socket.emitSocketEvent).toHaveBeenCalledWith("notification:dismiss", { channelId: "srv" });
      vi.advanceTimersByTime(100);
      readStateMessageCreated(message({ channelId: "srv", createdBy: bob, createdAt: 1_100 }));
      vi.advanceTimersByTime(1_000);
      expect(socket.emitSocketEvent).toHaveBeenCalledTimes(1);
      expect(hasUnread("srv")).toBe(true);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it("takes the echo of its own dismissal for what it is: what arrived before the echo stays unread", () => {
    vi.useFakeTimers({ now: 1_000 });
    const readElsewhere: string[] = [];
    fillSlots([messageSlots.readElsewhere.fill((channelId) => readElsewhere.push(channelId))]);
    try {
      markChannelRead("srv");
      expect(socket.emitSocketEvent).toHaveBeenCalledWith("notification:dismiss", { channelId: "srv" });
      expect(useReadState.getState().lastSeen.srv).toBe(1_000);
      vi.advanceTimersByTime(500);
      readStateMessageCreated(message({ channelId: "srv", createdBy: bob, createdAt: 1_400 }));
      notificationDismissed({ channelId: "srv" }); // the echo, after the message: the server read it at 1,000
      expect(hasUnread("srv")).toBe(true);
      expect(useReadState.getState().lastSeen.srv).toBe(1_000);
      expect(readElsewhere).toEqual([]);
      notificationDismissed({ channelId: "srv" }); // no dismissal of ours waits: another device read it
      expect(hasUnread("srv")).toBe(false);
      expect(readElsewhere).toEqual(["srv"]);
    } finally {
      clearSlots();
      vi.useRealTimers();
    }
  });

  it("stops waiting for an echo after a minute", () => {
    vi.useFakeTimers({ now: 1_000 });
    try {
      markChannelRead("dm"); // sent, say, offline, and lost
      vi.advanceTimersByTime(61_000);
      readStateMessageCreated(message({ channelId: "dm", createdBy: bob, createdAt: 61_500 }));
      expect(count("dm")).toBe(1);
      notificationDismissed({ channelId: "dm" }); // another device's
      expect(count("dm")).toBe(0);
      expect(hasUnread("dm")).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("marks a DM unread with one unread message and moves last-seen back", () => {
    notificationDismissed({ channelId: "dm" });
    messageMarkedUnread({ channelId: "dm", at: 49 });
    expect(count("dm")).toBe(1);
    expect(useReadState.getState().lastSeen.dm).toBe(49);
    messageMarkedUnread({ channelId: "srv", at: 10 });
    expect(count("srv")).toBe(0);
    expect(hasUnread("srv")).toBe(true);
  });
});
