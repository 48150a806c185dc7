// @vitest-environment jsdom
import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { beforeEach, describe, expect, it, vi } from "vitest";
import enGb from "../en-gb.json";
import { RolePermission } from "../permissions";
import { useServersStore } from "../serversStore";
import { BOB, member, OWNER, role, server } from "../testData";
import { serverMemberMenuItems } from "./memberMenu";

vi.mock("../serversApi", async (original) => ({ ...(await original<typeof import("../serversApi")>()), setMemberRoles: vi.fn(async () => ({})), muteMember: vi.fn(async () => ({})) }));
const api = await import("../serversApi");

registerTranslations("en-gb", "servers", enGb);

const CAROL = "u-carol";
const roles = {
  "r-all": role("r-all", { order: 1, permissions: RolePermission.SEND_MESSAGE }),
  "r-helper": role("r-helper", { name: "Helper", order: 2, permissions: 0 }),
  "r-mod": role("r-mod", { name: "Moderator", order: 3, permissions: RolePermission.KICK | RolePermission.MANAGE_ROLES }),
  "r-top": role("r-top", { name: "Top", order: 5, permissions: 0 }),
};

function signIn(userId: string) {
  useSelfUserStore.setState({ user: { id: userId, username: userId, tag: "TAG1", badges: 0 }, sessionId: null });
}

const labels = (userId: string, serverId: string | null = "s1") =>
  serverMemberMenuItems({ userId, serverId, user: { id: userId, username: userId, tag: "TAG1" } }).map((item) => item.label);

beforeEach(() => {
  useServersStore.setState({
    servers: { s1: server() },
    roles,
    members: { s1: { [OWNER]: member(OWNER), [BOB]: member(BOB), [CAROL]: member(CAROL, ["r-mod"]) } },
  });
});

describe("the server's entries of the user menu", () => {
  it("gives the owner roles, time out, kick, ban and transfer on a member", () => {
    signIn(OWNER);
    expect(labels(BOB)).toEqual(["Change nickname", "Roles", "Time out", "Kick", "Ban", "Transfer ownership"]);
  });

  it("gives a member without permissions nothing, and nothing outside a server", () => {
    signIn(BOB);
    expect(labels(CAROL)).toEqual([]);
    signIn(OWNER);
    expect(labels(BOB, null)).toEqual([]);
  });

  it("lists only the roles the viewer outranks, ticked as the member has them, and toggles one", async () => {
    signIn(CAROL);
    expect(labels(BOB)).toEqual(["Roles", "Kick"]);
    const rolesEntry = serverMemberMenuItems({ userId: BOB, serverId: "s1" }).find((item) => item.label === "Roles")!;
    const checklist = rolesEntry.submenu!();
    expect(checklist.map((item) => [item.label, item.checked])).toEqual([["Helper", false]]);
    checklist[0]!.onSelect!({ shiftKey: false });
    expect(api.setMemberRoles).toHaveBeenCalledWith("s1", BOB, ["r-helper"]);
  });

  it("never offers a time out, kick or ban on the owner or oneself", () => {
    signIn(OWNER);
    expect(labels(OWNER)).toEqual(["Change nickname", "Roles"]);
    signIn(CAROL);
    expect(labels(OWNER)).toEqual(["Roles"]);
  });

  it("offers only kick, ban and time out on someone not among the loaded members", () => {
    signIn(OWNER);
    expect(labels("u-stranger")).toEqual(["Time out", "Kick", "Ban"]);
  });

  it("offers lengths of time out, or taking it back when one runs", () => {
    signIn(OWNER);
    const timeOut = serverMemberMenuItems({ userId: BOB, serverId: "s1" }).find((item) => item.label === "Time out")!;
    const lengths = timeOut.submenu!();
    expect(lengths).toHaveLength(6);
    const before = Date.now();
    lengths[1]!.onSelect!({ shiftKey: false });
    const [, , expireAt] = vi.mocked(api.muteMember).mock.calls[0]!;
    expect(expireAt).toBeGreaterThanOrEqual(before + 5 * 60_000);

    useServersStore.setState((state) => ({ members: { s1: { ...state.members.s1, [BOB]: member(BOB, [], { muteExpireAt: Date.now() + 60_000 }) } } }));
    expect(labels(BOB)).toContain("Remove time out");
    expect(labels(BOB)).not.toContain("Time out");
  });
});
