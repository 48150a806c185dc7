// @vitest-environment jsdom
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import type { ServerMessageInput } from "../../messages/web/public";
import { beforeEach, describe, expect, it } from "vitest";
import { serverMessageContext } from "./messageContext";
import { notificationDefaultUpdated, notificationSettingsAuthenticated, notificationSettingsUpdated } from "./notificationSettings";
import { serversAuthenticated } from "./serversStore";
import { BOB, channel, member, OWNER, role, server } from "./testData";

const CAROL = "u-carol";

const input = (overrides: Partial<ServerMessageInput> = {}): ServerMessageInput => ({
  serverId: "s1",
  channelId: "general",
  authorId: CAROL,
  content: "hello",
  mentionedUserIds: [],
  mentionedRoleIds: [],
  fromWebhook: false,
  ...overrides,
});

beforeEach(() => {
  useSelfUserStore.setState({ user: { id: BOB, username: "bob", tag: "TAG1", badges: 0 }, sessionId: null });
  serversAuthenticated({
    servers: [server({ avatar: "avatars/s1.png" })],
    channels: [channel("general"), channel("random")],
    serverMembers: [member(OWNER), member(BOB, ["r-team"]), member(CAROL), member("u-herald", ["r-herald"])],
    serverRoles: [role("r-all", { order: 1 }), role("r-team"), role("r-herald", { permissions: 64 })],
  });
  notificationSettingsAuthenticated({ notificationSettings: [] });
});

describe("the modes in effect", () => {
  it("ALL when nothing is stored, with the server's and channel's names", () => {
    expect(serverMessageContext(input())).toEqual({
      pingMode: 0,
      soundMode: 0,
      mentionsMe: false,
      serverName: "Hearthside",
      channelName: "general",
      serverIconUrl: "/cdn/avatars/s1.png",
    });
  });

  it("a channel row (sent with serverId null) wins over the server's", () => {
    notificationSettingsAuthenticated({
      notificationSettings: [
        { serverId: "s1", channelId: null, notificationPingMode: 2, notificationSoundMode: 2 },
        { serverId: null, channelId: "random", notificationPingMode: 0, notificationSoundMode: null },
      ],
    });
    expect(serverMessageContext(input())).toMatchObject({ pingMode: 2, soundMode: 2 });
    expect(serverMessageContext(input({ channelId: "random" }))).toMatchObject({ pingMode: 0, soundMode: 2 });
  });

  it("the server's default ping mode for a member who chose none; their own choice wins", () => {
    notificationSettingsAuthenticated({ notificationSettings: [], notificationDefaults: { s1: 1 } });
    expect(serverMessageContext(input())).toMatchObject({ pingMode: 1 });
    notificationSettingsUpdated({ serverId: "s1", updated: { notificationPingMode: 0 } });
    expect(serverMessageContext(input())).toMatchObject({ pingMode: 0 });
    notificationSettingsUpdated({ channelId: "random", updated: { notificationPingMode: 2 } });
    expect(serverMessageContext(input({ channelId: "random" }))).toMatchObject({ pingMode: 2 });
  });

  it("follows server:notification_defaults", () => {
    notificationDefaultUpdated({ serverId: "s1", notificationPingMode: 1 });
    expect(serverMessageContext(input())).toMatchObject({ pingMode: 1 });
    notificationDefaultUpdated({ serverId: "s1", notificationPingMode: 0 });
    expect(serverMessageContext(input())).toMatchObject({ pingMode: 0 });
  });

  it("follows user:notification_settings_update for a channel", () => {
    notificationSettingsUpdated({ channelId: "general", updated: { notificationPingMode: 1, notificationSoundMode: 1 } });
    expect(serverMessageContext(input())).toMatchObject({ pingMode: 1, soundMode: 1 });
  });

  it("nothing is known of a server or channel the user is not in", () => {
    expect(serverMessageContext(input({ serverId: "s9" }))).toBeNull();
    expect(serverMessageContext(input({ channelId: "gone" }))).toBeNull();
  });
});

describe("mentions of the user", () => {
  const mentions = (overrides: Partial<ServerMessageInput>) => serverMessageContext(input(overrides))?.mentionsMe;

  it("by name or through one of their roles", () => {
    expect(mentions({ mentionedUserIds: [BOB] })).toBe(true);
    expect(mentions({ mentionedUserIds: [CAROL] })).toBe(false);
    expect(mentions({ mentionedRoleIds: ["r-team"] })).toBe(true);
    expect(mentions({ mentionedRoleIds: ["r-herald"] })).toBe(false);
  });

  it("@everyone only from the owner or someone allowed to mention everyone", () => {
    expect(mentions({ content: "[@:e] hi" })).toBe(false);
    expect(mentions({ content: "[@:e] hi", authorId: OWNER })).toBe(true);
    expect(mentions({ content: "[@:e] hi", authorId: "u-herald" })).toBe(true);
    expect(mentions({ content: "[@:e] hi", authorPermissions: 64 })).toBe(true);
    expect(mentions({ content: "[@:e] hi", authorPermissions: 1 })).toBe(true);
    expect(mentions({ content: "[@:e] hi", authorPermissions: 2 })).toBe(false);
  });

  it("never from a webhook", () => {
    expect(mentions({ mentionedUserIds: [BOB], fromWebhook: true, authorId: null })).toBe(false);
  });
});
