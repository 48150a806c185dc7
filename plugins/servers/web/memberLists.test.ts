// @vitest-environment jsdom
import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { presenceSlots, type PresenceSnapshot } from "../../presence/web/public";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { byName, groupMembers, memberListRows } from "./memberGroups";
import { isComplete, loadMemberPage, resetMemberLists, useMemberLists } from "./memberLists";
import { serverSocketHandlers as on } from "./socketHandlers";
import { resetServers, useServersStore } from "./serversStore";
import { member, role, server } from "./testData";
import type { MemberPage } from "./types";

const fetchMock = vi.fn<typeof fetch>();
const merged: PresenceSnapshot[][] = [];

function page(userIds: string[], next: string | null, extra: Partial<MemberPage> = {}): MemberPage {
  return { members: userIds.map((userId) => member(userId)), presences: [], count: 5, groups: [{ id: "offline", count: 5 }], roleCounts: {}, next, ...extra };
}

function answer(...pages: MemberPage[]): void {
  for (const body of pages) fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 200 }));
}

const list = () => useMemberLists.getState().lists.s1;
const loaded = () => Object.keys(useServersStore.getState().members.s1 ?? {}).sort();
const askedFor = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  localStorage.setItem("userToken", "token");
  resetServers();
  resetMemberLists();
  clearSlots();
  fillSlots([presenceSlots.merge.fill((presences) => void merged.push([...presences]))]);
  merged.length = 0;
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("member lists a page at a time", () => {
  it("loads the first page, then each next page from where the last one ended", async () => {
    answer(page(["u-a", "u-b"], "c1", { presences: [{ userId: "u-a", status: 1 }] }), page(["u-c", "u-d", "u-e"], null));
    await loadMemberPage("s1");
    expect(loaded()).toEqual(["u-a", "u-b"]);
    expect(merged).toEqual([[{ userId: "u-a", status: 1 }]]);
    expect(isComplete(list())).toBe(false);
    await loadMemberPage("s1");
    expect(loaded()).toEqual(["u-a", "u-b", "u-c", "u-d", "u-e"]);
    expect(isComplete(list())).toBe(true);
    await loadMemberPage("s1"); // nothing more to ask for
    expect(askedFor()).toEqual(["/api/servers/s1/members?limit=100", "/api/servers/s1/members?after=c1&limit=100"]);
  });

  it("asks once while a page is on its way, and again after a failure", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: "Server member is not in this server." }), { status: 403 }));
    await Promise.all([loadMemberPage("s1"), loadMemberPage("s1")]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(list()).toMatchObject({ failed: true, pages: 0 });
    answer(page(["u-a"], null));
    await loadMemberPage("s1");
    expect(list()).toMatchObject({ failed: false, pages: 1 });
  });

  it("drops a page that was asked for before a new authentication", async () => {
    let resolve: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    const loading = loadMemberPage("s1");
    on["user:authenticated"]({ servers: [server()], serverMembers: [member("u-me")] });
    resolve(new Response(JSON.stringify(page(["u-a"], null)), { status: 200 }));
    await loading;
    expect(loaded()).toEqual(["u-me"]);
    expect(list()).toBeUndefined();
  });

  it("counts joins and leaves, and forgets the list of a server left", async () => {
    answer(page(["u-a"], "c1"));
    await loadMemberPage("s1");
    on["server:member_joined"]({ serverId: "s1", member: member("u-new") });
    on["server:member_left"]({ serverId: "s1", userId: "u-zzz" }); // not loaded: only the count changes
    on["server:member_joined"]({ serverId: "s1", member: member("u-two") });
    expect(list()?.count).toBe(6);
    expect(loaded()).toEqual(["u-a", "u-new", "u-two"]);
    on["server:left"]({ serverId: "s1" });
    expect(list()).toBeUndefined();
  });
});

describe("member list rows", () => {
  const roles = { "r-all": role("r-all", { order: 1 }), "r-mod": role("r-mod", { order: 3, name: "Mods" }) };

  it("sorts names as the server's pages do: lower case by code unit, then user id", () => {
    const names = [member("u-2", [], { nickname: "beta" }), member("u-10", [], { nickname: "Alpha" }), member("u-9", [], { nickname: "alpha" }), member("u-3", [], { nickname: "Émile" })];
    expect([...names].sort(byName).map((item) => item.userId)).toEqual(["u-9", "u-10", "u-2", "u-3"]);
  });

  it("titles groups with the server's counts while partly loaded, and ends with a loading row", () => {
    const online = new Set(["u-a", "u-b"]);
    const groups = groupMembers([member("u-a", ["r-mod"]), member("u-b"), member("u-c")], roles, "r-all", (id) => online.has(id));
    const rows = memberListRows(groups, [{ id: "r-mod", count: 1 }, { id: "online", count: 40 }, { id: "offline", count: 900 }], true);
    expect(rows.map((row) => (row.kind === "group" ? `${row.group.key}:${row.count}` : row.kind === "member" ? row.member.userId : row.kind))).toEqual([
      "r-mod:1",
      "u-a",
      "online:40",
      "u-b",
      "offline:900",
      "u-c",
      "more",
    ]);
    const complete = memberListRows(groups, null, false);
    expect(complete.filter((row) => row.kind === "group").map((row) => (row.kind === "group" ? row.count : 0))).toEqual([1, 1, 1]);
  });
});
