// @vitest-environment jsdom
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { beforeEach, describe, expect, it } from "vitest";
import { useReadState } from "../../messages/web/public";
import { serverSocketHandlers as on } from "./socketHandlers";
import {
  permissionSubject,
  resolveChannelRoute,
  serverChannels,
  serverRoles,
  useServersStore,
  visibleChannelTree,
  type ServersState,
} from "./serversStore";
import { BOB, channel, member, OWNER, role, server } from "./testData";

const state = () => useServersStore.getState();
const visibleIds = (userId: string) => {
  const subject = permissionSubject(state(), "s1", userId);
  return visibleChannelTree(serverChannels(state(), "s1"), subject).flatMap((node) => [node.channel.id, ...node.children.map((child) => child.id)]);
};
const route = (channelId: string | undefined, userId = BOB) => resolveChannelRoute(state(), "s1", channelId, userId);

function authenticate(extra: Partial<Parameters<typeof on["user:authenticated"]>[0]> = {}) {
  on["user:authenticated"]({
    user: { orderedServerIds: ["s1"], serverFolders: [] },
    servers: [server()],
    channels: [
      channel("general", { order: 1 }),
      channel("staff", { order: 2, permissions: [{ roleId: "r-all", permissions: 0 }] }),
      channel("cat", { type: 2, order: 3 }),
      channel("inside", { order: 1, categoryId: "cat" }),
      { id: "dm", type: 0, serverId: null },
    ],
    serverMembers: [member(OWNER), member(BOB)],
    serverRoles: [role("r-all", { order: 1 }), role("r-mod", { order: 2, permissions: 8 })],
    ...extra,
  });
}

beforeEach(() => {
  useReadState.setState({ channels: {}, mentions: {}, lastSeen: {} });
  useSelfUserStore.setState({ user: { id: BOB, username: "bob", tag: "TAG1", badges: 0 }, sessionId: null });
  authenticate();
});

describe("user:authenticated", () => {
  it("keeps the server channels (private ones included) and drops direct messages", () => {
    expect(Object.keys(state().channels).sort()).toEqual(["cat", "general", "inside", "staff"]);
    expect(state().ready).toBe(true);
    expect(Object.keys(state().members.s1 ?? {})).toEqual([OWNER, BOB]);
  });

  it("hides the private channel from a plain member, not from the owner", () => {
    expect(visibleIds(BOB)).toEqual(["general", "cat", "inside"]);
    expect(visibleIds(OWNER)).toEqual(["general", "staff", "cat", "inside"]);
  });
});

describe("channel events", () => {
  it("server:channel_permissions_updated makes a channel appear and disappear", () => {
    on["server:channel_permissions_updated"]({ serverId: "s1", channelId: "staff", roleId: "r-all", permissions: 1 });
    expect(visibleIds(BOB)).toContain("staff");
    expect(route("staff")).toEqual({ kind: "show", channel: state().channels.staff });
    on["server:channel_permissions_updated"]({ serverId: "s1", channelId: "staff", roleId: "r-all", permissions: 0 });
    expect(visibleIds(BOB)).not.toContain("staff");
    // Someone reading it is sent to the default channel.
    expect(route("staff")).toEqual({ kind: "redirect", channelId: "general" });
  });

  it("a role given to the member opens the channels of that role", () => {
    on["server:channel_permissions_updated"]({ serverId: "s1", channelId: "staff", roleId: "r-mod", permissions: 3 });
    expect(visibleIds(BOB)).not.toContain("staff");
    on["server:member_updated"]({ serverId: "s1", userId: BOB, updated: { roleIds: ["r-mod"] } });
    expect(visibleIds(BOB)).toContain("staff");
    on["server:role_deleted"]({ serverId: "s1", roleId: "r-mod" });
    expect(visibleIds(BOB)).not.toContain("staff");
    expect(state().members.s1?.[BOB]?.roleIds).toEqual([]);
    expect(state().channels.staff?.permissions).toEqual([{ roleId: "r-all", permissions: 0 }]);
  });

  it("server:channel_deleted moves a viewer to the default channel and uncategorises the children", () => {
    expect(route("inside")).toMatchObject({ kind: "show" });
    on["server:channel_deleted"]({ serverId: "s1", channelId: "inside" });
    expect(route("inside")).toEqual({ kind: "redirect", channelId: "general" });
    on["server:channel_deleted"]({ serverId: "s1", channelId: "cat" });
    on["server:channel_created"]({ serverId: "s1", channel: channel("child", { categoryId: "cat2" }) });
    on["server:channel_created"]({ serverId: "s1", channel: channel("cat2", { type: 2, order: 9 }) });
    on["server:channel_deleted"]({ serverId: "s1", channelId: "cat2" });
    expect(state().channels.child?.categoryId).toBeNull();
  });

  it("clears the system channel when it is deleted, and falls back to a visible channel when the default is hidden", () => {
    on["server:updated"]({ serverId: "s1", updated: { systemChannelId: "staff" } });
    on["server:channel_deleted"]({ serverId: "s1", channelId: "staff" });
    expect(state().servers.s1?.systemChannelId).toBeNull();
    on["server:channel_permissions_updated"]({ serverId: "s1", channelId: "general", roleId: "r-all", permissions: 0 });
    expect(route(undefined)).toEqual({ kind: "redirect", channelId: "inside" });
  });

  it("opens the default channel for /app/servers/{id}", () => {
    expect(route(undefined)).toEqual({ kind: "redirect", channelId: "general" });
    expect(route("nope")).toEqual({ kind: "redirect", channelId: "general" });
  });

  it("creates, renames and reorders channels (into and out of categories); hands new channels to the read state", () => {
    on["server:channel_created"]({ serverId: "s1", channel: channel("new", { order: 5 }) });
    expect(useReadState.getState().channels.new?.serverId).toBe("s1");
    on["server:channel_updated"]({ serverId: "s1", channelId: "new", updated: { name: "renamed", slowModeSeconds: 5 } });
    expect(state().channels.new).toMatchObject({ name: "renamed", slowModeSeconds: 5 });
    on["server:channel_order_updated"]({ serverId: "s1", categoryId: "cat", orderedChannelIds: ["new", "inside"] });
    expect(state().channels.new).toMatchObject({ categoryId: "cat", order: 1 });
    expect(state().channels.inside).toMatchObject({ categoryId: "cat", order: 2 });
    on["server:channel_order_updated"]({ serverId: "s1", orderedChannelIds: ["inside", "general"] });
    expect(state().channels.inside).toMatchObject({ categoryId: null, order: 1 });
  });
});

describe("servers, members and roles", () => {
  it("server:joined adds the server at the end of the rail; server:left removes everything of it", () => {
    on["server:joined"]({
      server: server({ id: "s2", name: "Second", defaultChannelId: "s2-general", defaultRoleId: "s2-all" }),
      members: [member(BOB, [], { serverId: "s2" })],
      channels: [channel("s2-general", { serverId: "s2", permissions: [{ roleId: "s2-all", permissions: 7 }] })],
      roles: [role("s2-all", { serverId: "s2", order: 1 })],
    });
    expect(state().orderedServerIds).toEqual(["s1", "s2"]);
    expect(resolveChannelRoute(state(), "s2", undefined, BOB)).toEqual({ kind: "redirect", channelId: "s2-general" });
    on["server:left"]({ serverId: "s2" });
    expect(state().servers.s2).toBeUndefined();
    expect(state().channels["s2-general"]).toBeUndefined();
    expect(state().roles["s2-all"]).toBeUndefined();
    expect(state().orderedServerIds).toEqual(["s1"]);
    expect(resolveChannelRoute(state(), "s2", undefined, BOB)).toEqual({ kind: "missing" });
  });

  it("waits for an expected server instead of calling it missing", () => {
    useServersStore.setState({ expected: { s3: true } });
    expect(resolveChannelRoute(state(), "s3", undefined, BOB)).toEqual({ kind: "loading" });
  });

  it("tracks members joining, leaving, renamed and updated", () => {
    on["server:member_joined"]({ serverId: "s1", member: member("u-cat") });
    expect(state().members.s1?.["u-cat"]).toBeDefined();
    on["server:member_updated"]({ serverId: "s1", userId: "u-cat", updated: { nickname: "Kitty" } });
    expect(state().members.s1?.["u-cat"]?.nickname).toBe("Kitty");
    on["user:updated"]({ userId: "u-cat", updated: { username: "catherine", email: "not for members" } });
    expect(state().members.s1?.["u-cat"]?.user.username).toBe("catherine");
    expect(state().members.s1?.["u-cat"]?.user).not.toHaveProperty("email");
    const clan = { tag: "HRTH", icon: "avatars/s1/1.png", serverId: "s1" };
    on["user:updated"]({ userId: "u-cat", updated: { username: "catherine", tag: "0001", profile: { font: null, clan } } });
    expect(state().members.s1?.["u-cat"]?.user.profile).toEqual({ font: null, clan }); // a clan put on
    on["server:member_left"]({ serverId: "s1", userId: "u-cat" });
    expect(state().members.s1?.["u-cat"]).toBeUndefined();
  });

  it("creates, updates, reorders and deletes roles (remaining roles renumbered)", () => {
    on["server:role_created"](role("r-new", { order: 2 }));
    on["server:role_order_updated"]({ serverId: "s1", roleIds: ["r-all", "r-new", "r-mod"] });
    expect(serverRoles(state(), "s1").map((item) => item.id)).toEqual(["r-mod", "r-new", "r-all"]);
    on["server:role_updated"]({ serverId: "s1", roleId: "r-new", updated: { name: "Helpers", hideRole: true } });
    expect(state().roles["r-new"]).toMatchObject({ name: "Helpers", hideRole: true });
    on["server:role_deleted"]({ serverId: "s1", roleId: "r-new" });
    expect(serverRoles(state(), "s1").map((item) => [item.id, item.order])).toEqual([
      ["r-mod", 2],
      ["r-all", 1],
    ]);
  });

  it("follows server updates, emojis, scheduled deletion and clans", () => {
    on["server:updated"]({ serverId: "s1", updated: { name: "Renamed", createdById: BOB } });
    expect(state().servers.s1).toMatchObject({ name: "Renamed", createdById: BOB });
    on["server:emoji_add"]({ serverId: "s1", emoji: { id: "e1", name: "wave" } });
    on["server:emoji_update"]({ serverId: "s1", emojiId: "e1", name: "hello" });
    expect(state().servers.s1?.customEmojis).toEqual([{ id: "e1", name: "hello" }]);
    on["server:emoji_remove"]({ serverId: "s1", emojiId: "e1" });
    expect(state().servers.s1?.customEmojis).toEqual([]);
    on["server:schedule_delete"]({ serverId: "s1", scheduleAt: 123 });
    expect(state().servers.s1?.scheduledForDeletion).toEqual({ scheduledAt: 123 });
    on["server:remove_schedule_delete"]({ serverId: "s1" });
    expect(state().servers.s1?.scheduledForDeletion).toBeNull();
    on["server:clan_updated"]({ serverId: "s1", clan: { tag: "HRTH", icon: "x" } });
    expect(state().servers.s1?.clan).toEqual({ tag: "HRTH", icon: "x" });
  });

  it("merges a plain server:members_fetched and ignores a compressed one", () => {
    on["server:members_fetched"]({ serverId: "s1", members: [member("u-dan")] });
    expect(state().members.s1?.["u-dan"]).toBeDefined();
    on["server:members_fetched"](new ArrayBuffer(4));
    expect(Object.keys(state().members.s1 ?? {})).toHaveLength(3);
  });
});

describe("rail events", () => {
  it("applies order, new folders (taking their servers from others) and folder deletion", () => {
    on["server:folder_created"]({ folder: { id: "f1", name: "Folder", color: "#fff", serverIds: ["s1"] } });
    on["server:folder_created"]({ folder: { id: "f2", name: "Folder", color: "#fff", serverIds: ["s1", "s9"] } });
    expect(state().folders.map((folder) => [folder.id, folder.serverIds])).toEqual([
      ["f1", []],
      ["f2", ["s1", "s9"]],
    ]);
    on["server:order_updated"]({ serverIds: ["f2", "s1", "f1"] });
    expect(state().orderedServerIds).toEqual(["f2", "s1", "f1"]);
    on["server:folder_updated"]({ folder: { id: "f2", name: "Games", color: "#000", serverIds: ["s1"] } });
    expect(state().folders.find((folder) => folder.id === "f2")?.name).toBe("Games");
    on["server:folder_updated"]({ folder: { id: "f2", name: "Games", color: "#000", serverIds: [] } });
    expect(state().folders.map((folder) => folder.id)).toEqual(["f1"]);
    expect(state().orderedServerIds).toEqual(["s1", "f1"]);
  });
});

// Keep the type import used (the state shape is part of what these tests pin down).
export type { ServersState };
