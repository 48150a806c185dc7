import { describe, expect, it } from "vitest";
import {
  canJoinVoice,
  canManageRole,
  canOpenSettingsSection,
  canSendInChannel,
  canViewChannel,
  channelPermissionBits,
  hasPermission,
  isAdmin,
  memberActions,
  RolePermission,
  rolePermissionBits,
  SETTINGS_SECTIONS,
  topRoleOrder,
  visibleSettingsSections,
  type PermissionSubject,
} from "./permissions";
import { BOB, channel, OWNER, role, server } from "./testData";

const roles = {
  "r-all": role("r-all", { order: 1, permissions: RolePermission.SEND_MESSAGE }),
  "r-mod": role("r-mod", { order: 3, permissions: RolePermission.KICK | RolePermission.MANAGE_CHANNELS }),
  "r-admin": role("r-admin", { order: 4, permissions: RolePermission.ADMIN }),
  "r-muted": role("r-muted", { order: 2, permissions: 0 }),
  "r-roles": role("r-roles", { order: 3, permissions: RolePermission.MANAGE_ROLES }),
};

const subject = (userId: string, roleIds: string[] | null, overrides: Partial<PermissionSubject> = {}): PermissionSubject => ({
  server: server(),
  userId,
  member: roleIds ? { roleIds } : undefined,
  roles,
  ...overrides,
});

const privateChannel = channel("staff", { permissions: [{ roleId: "r-all", permissions: 0 }, { roleId: "r-mod", permissions: 1 }] });

describe("effective role permissions", () => {
  it("ORs the default role with the member's roles", () => {
    expect(rolePermissionBits(subject(BOB, []))).toBe(RolePermission.SEND_MESSAGE);
    expect(rolePermissionBits(subject(BOB, ["r-mod"]))).toBe(RolePermission.SEND_MESSAGE | RolePermission.KICK | RolePermission.MANAGE_CHANNELS);
    expect(hasPermission(subject(BOB, ["r-mod"]), RolePermission.KICK)).toBe(true);
    expect(hasPermission(subject(BOB, ["r-mod"]), RolePermission.BAN)).toBe(false);
  });

  it("lets the owner and ADMIN pass every check", () => {
    expect(isAdmin(subject(OWNER, []))).toBe(true);
    expect(hasPermission(subject(OWNER, []), RolePermission.BAN)).toBe(true);
    expect(isAdmin(subject(BOB, ["r-admin"]))).toBe(true);
    expect(hasPermission(subject(BOB, ["r-admin"]), RolePermission.MANAGE_ROLES)).toBe(true);
    expect(isAdmin(subject(BOB, []))).toBe(false);
  });

  it("gives nothing to someone who is not a member, and ignores deleted roles", () => {
    expect(hasPermission(subject(BOB, null), RolePermission.SEND_MESSAGE)).toBe(false);
    expect(rolePermissionBits(subject(BOB, ["r-gone"]))).toBe(RolePermission.SEND_MESSAGE);
  });

  it("knows the top role order (the default role is 1)", () => {
    expect(topRoleOrder(subject(BOB, []))).toBe(1);
    expect(topRoleOrder(subject(BOB, ["r-muted", "r-mod"]))).toBe(3);
    expect(canManageRole(subject(BOB, ["r-roles"]), roles["r-muted"])).toBe(true);
    expect(canManageRole(subject(BOB, ["r-roles"]), roles["r-mod"])).toBe(false);
    expect(canManageRole(subject(OWNER, []), roles["r-admin"])).toBe(true);
    expect(canManageRole(subject(BOB, ["r-mod"]), roles["r-muted"])).toBe(false);
  });
});

describe("channel visibility", () => {
  it("ORs the overrides of the default role and the member's roles", () => {
    expect(channelPermissionBits(subject(BOB, []), privateChannel)).toBe(0);
    expect(channelPermissionBits(subject(BOB, ["r-mod"]), privateChannel)).toBe(1);
    expect(channelPermissionBits(subject(BOB, []), channel("c", { permissions: undefined }))).toBe(0);
  });

  it("hides a channel without PUBLIC_CHANNEL unless owner or admin", () => {
    expect(canViewChannel(subject(BOB, []), channel("general"))).toBe(true);
    expect(canViewChannel(subject(BOB, []), privateChannel)).toBe(false);
    expect(canViewChannel(subject(BOB, ["r-mod"]), privateChannel)).toBe(true);
    expect(canViewChannel(subject(OWNER, []), privateChannel)).toBe(true);
    expect(canViewChannel(subject(BOB, ["r-admin"]), privateChannel)).toBe(true);
    expect(canViewChannel(subject(BOB, null), channel("general"))).toBe(false);
  });

  it("needs the channel SEND bit and the role SEND_MESSAGE to send", () => {
    const readOnly = channel("news", { permissions: [{ roleId: "r-all", permissions: 1 }] });
    expect(canSendInChannel(subject(BOB, []), channel("general"))).toBe(true);
    expect(canSendInChannel(subject(BOB, []), readOnly)).toBe(false);
    expect(canSendInChannel(subject(OWNER, []), readOnly)).toBe(true);
    const silenced = { ...roles, "r-all": role("r-all", { order: 1, permissions: 0 }) };
    expect(canSendInChannel(subject(BOB, [], { roles: silenced }), channel("general"))).toBe(false);
    expect(canSendInChannel(subject(BOB, ["r-admin"], { roles: silenced }), readOnly)).toBe(true);
  });

  it("needs the channel JOIN_VOICE bit to join its call, unless owner or admin", () => {
    const textOnly = channel("news", { permissions: [{ roleId: "r-all", permissions: 3 }] });
    expect(canJoinVoice(subject(BOB, []), channel("general"))).toBe(true);
    expect(canJoinVoice(subject(BOB, []), textOnly)).toBe(false);
    expect(canJoinVoice(subject(OWNER, []), textOnly)).toBe(true);
    expect(canJoinVoice(subject(BOB, ["r-admin"]), textOnly)).toBe(true);
    expect(canJoinVoice(subject(BOB, null), channel("general"))).toBe(false);
  });
});

describe("settings sections", () => {
  const ids = (s: PermissionSubject) => visibleSettingsSections(s).map((section) => section.id);

  it("shows a plain member only the sections that need no permission", () => {
    expect(ids(subject(BOB, []))).toEqual(["notifications", "invites"]);
  });

  it("adds each section with its permission", () => {
    expect(ids(subject(BOB, ["r-mod"]))).toEqual(["notifications", "invites", "channels"]);
    expect(ids(subject(BOB, ["r-roles"]))).toEqual(["notifications", "invites", "roles"]);
    const banner = { ...roles, "r-ban": role("r-ban", { permissions: RolePermission.BAN }) };
    expect(ids(subject(BOB, ["r-ban"], { roles: banner }))).toEqual(["notifications", "invites", "bans"]);
  });

  it("shows every filled section to the owner and admins, and nothing to non-members", () => {
    const builtIn = SETTINGS_SECTIONS.filter((section) => section.available).map((section) => section.id);
    expect(ids(subject(OWNER, []))).toEqual(builtIn);
    expect(ids(subject(BOB, ["r-admin"]))).toEqual(builtIn);
    expect(ids(subject(BOB, null))).toEqual([]);
  });

  it("leaves out the sections no bundle fills, and adds them once one registers", () => {
    const unavailable = SETTINGS_SECTIONS.filter((section) => !section.available).map((section) => section.id);
    expect(unavailable).toEqual(["welcome-screen", "emojis", "publish-server", "verify", "clan", "external-embed", "security", "import", "export"]);
    const withEmojis = visibleSettingsSections(subject(OWNER, []), { emojis: () => null }).map((section) => section.id);
    expect(withEmojis).toContain("emojis");
    expect(visibleSettingsSections(subject(BOB, []), { emojis: () => null }).map((section) => section.id)).not.toContain("emojis");
    const general = SETTINGS_SECTIONS.find((section) => section.id === "general")!;
    expect(canOpenSettingsSection(subject(BOB, ["r-mod"]), general)).toBe(false);
  });
});

describe("member actions", () => {
  it("offers the owner everything on a member", () => {
    expect(memberActions(subject(OWNER, []), { userId: BOB }, 2)).toEqual(["nickname", "roles", "kick", "ban", "transfer"]);
  });

  it("never offers kick, ban or transfer on oneself or on the owner", () => {
    expect(memberActions(subject(OWNER, []), { userId: OWNER }, 2)).toEqual(["nickname", "roles"]);
    expect(memberActions(subject(BOB, ["r-admin"]), { userId: OWNER }, 2)).toEqual(["roles"]);
  });

  it("follows the permissions a moderator holds", () => {
    expect(memberActions(subject(BOB, ["r-mod"]), { userId: "u-cat" }, 2)).toEqual(["kick"]);
    expect(memberActions(subject(BOB, ["r-roles"]), { userId: "u-cat" }, 2)).toEqual(["roles"]);
    expect(memberActions(subject(BOB, ["r-roles"]), { userId: "u-cat" }, 0)).toEqual([]);
    expect(memberActions(subject(BOB, []), { userId: "u-cat" }, 2)).toEqual([]);
  });

  it("lets a member with NICKNAME_MEMBER rename only themselves, and never transfers to a bot", () => {
    const nick = { ...roles, "r-nick": role("r-nick", { permissions: RolePermission.NICKNAME_MEMBER }) };
    expect(memberActions(subject(BOB, ["r-nick"], { roles: nick }), { userId: BOB }, 0)).toEqual(["nickname"]);
    expect(memberActions(subject(BOB, ["r-nick"], { roles: nick }), { userId: "u-cat" }, 0)).toEqual([]);
    expect(memberActions(subject(OWNER, []), { userId: "u-bot", bot: true }, 0)).toEqual(["nickname", "kick", "ban"]);
  });
});
