import { registerTranslations } from "@hearth/i18n/i18n";
import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { messageSlots } from "./slots";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@hearth/notifications/notify", () => ({ notifyMessage: vi.fn() }));

import { notifyMessage } from "@hearth/notifications/notify";
import enGb from "./en-gb.json";
import { notifyNewMessage } from "./messageNotifications";
import { useReadState } from "./store/readState";
import type { Message } from "./types";

const bob = { id: "8", username: "bob", tag: "BOB1", avatar: "avatars/bob.png" };
const message = (overrides: Partial<Message> = {}): Message => ({
  id: "m1",
  channelId: "c1",
  type: 0,
  content: "hi [@:7]",
  createdAt: 1,
  createdBy: bob,
  mentions: [{ id: "7", username: "me", tag: "ME01" }],
  ...overrides,
});

beforeEach(() => {
  registerTranslations("en-gb", "messages", enGb);
  useSelfUserStore.setState({ user: { id: "7", username: "me", tag: "ME01", badges: 0 }, sessionId: null });
  useReadState.setState({ channels: { c1: { id: "c1", type: 0 }, g1: { id: "g1", type: 1, serverId: "s1", name: "general" } }, mentions: {}, lastSeen: {} });
});

afterEach(() => {
  clearSlots();
  vi.mocked(notifyMessage).mockClear();
});

describe("notifying a new message", () => {
  it("a DM: titled with the author, always ALL, opening the conversation", () => {
    notifyNewMessage({ message: message() });
    expect(notifyMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        direct: true,
        mentionsMe: true,
        authorId: "8",
        selfId: "7",
        title: "bob",
        body: "hi @me",
        path: "/app/inbox/c1",
        iconUrl: "/cdn/avatars/bob.png",
      }),
    );
  });

  it("a channel without a server of a type a plugin brings opens where that plugin says", () => {
    fillSlots([messageSlots.directChannelPaths.fill({ channelType: 10, path: (channelId) => `/app/groups/${channelId}` })]);
    useReadState.setState(({ channels }) => ({ channels: { ...channels, d2: { id: "d2", type: 10 } } }));
    notifyNewMessage({ message: message({ channelId: "d2" }) });
    expect(notifyMessage).toHaveBeenCalledWith(expect.objectContaining({ direct: true, path: "/app/groups/d2" }));
  });

  it("a server message: the servers bundle gives the modes, the mention and the names", () => {
    const context = vi.fn(() => ({ pingMode: 1 as const, soundMode: 2 as const, mentionsMe: true, serverName: "Hearthside", channelName: "general" }));
    fillSlots([messageSlots.serverMessageContext.fill(context)]);
    notifyNewMessage({
      message: message({ channelId: "g1", content: "[@:e] [r:r1]", roleMentions: [{ id: "r1", name: "mods" }] }),
      serverId: "s1",
      member: { nickname: "Bobby", permissions: 64 },
    });
    expect(context).toHaveBeenCalledWith({
      serverId: "s1",
      channelId: "g1",
      authorId: "8",
      content: "[@:e] [r:r1]",
      mentionedUserIds: ["7"],
      mentionedRoleIds: ["r1"],
      fromWebhook: false,
      authorPermissions: 64,
    });
    expect(notifyMessage).toHaveBeenCalledWith(
      expect.objectContaining({ direct: false, pingMode: 1, soundMode: 2, mentionsMe: true, title: "Bobby in #general (Hearthside)", path: "/app/servers/s1/g1" }),
    );
  });

  it("nothing for a server message without the servers bundle, a system message or your own message", () => {
    notifyNewMessage({ message: message({ channelId: "g1" }), serverId: "s1" });
    notifyNewMessage({ message: message({ type: 1 }) });
    notifyNewMessage({ message: message({ createdBy: { id: "7", username: "me", tag: "ME01" } }) });
    expect(notifyMessage).not.toHaveBeenCalled();
  });

  it("an attachment without text says so", () => {
    notifyNewMessage({ message: message({ content: "", mentions: [], attachments: [{ id: "a1" }] }) });
    expect(notifyMessage).toHaveBeenCalledWith(expect.objectContaining({ body: "Sent an attachment.", mentionsMe: false }));
  });
});
