// @vitest-environment jsdom
import { registerTranslations } from "@hearth/i18n/i18n";
import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { presenceSlots, type PresenceSnapshot } from "../../presence/web/public";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import type { MentionBatch, MentionCandidate } from "@hearth/ui/suggest/mentions";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import enGb from "./en-gb.json";
import { resetMemberLists, useMemberLists } from "./memberLists";
import { forgetMemberSearches, SEARCH_PAUSE_MS, serverMentionSource } from "./mentionSource";
import { serversAuthenticated } from "./serversStore";
import { BOB, channel, member, OWNER, role, server } from "./testData";
import type { ServerMember } from "./types";

registerTranslations("en-gb", "servers", enGb);

const fetchMock = vi.fn<typeof fetch>();
const merged: PresenceSnapshot[][] = [];
let online: Record<string, 0 | 1> = {};
const opened: string[] = [];

function signIn(selfId: string, roles = { "r-all": 2, "r-mod": 2 }) {
  useSelfUserStore.setState({ user: { id: selfId, username: selfId, tag: "TAG1", badges: 0 }, sessionId: null });
  serversAuthenticated({
    servers: [server()],
    channels: [channel("general"), channel("secret", { permissions: [] }), channel("cat", { type: 2 })],
    serverMembers: [
      member(OWNER),
      member(BOB, ["r-mod"]),
      member("u-ada", [], { nickname: "Countess" }),
      member("u-adam"),
      member("u-zed"),
    ],
    serverRoles: [role("r-all", { order: 1, permissions: roles["r-all"] }), role("r-mod", { name: "Moderators", permissions: roles["r-mod"] })],
  });
}

const source = () => serverMentionSource("s1", (channelId) => opened.push(channelId));
const ids = (items: MentionCandidate[]) => items.map((item) => `${item.kind}:${item.id}`);
const completeList = () =>
  useMemberLists.setState({ lists: { s1: { count: 5, groups: [], roleCounts: {}, next: null, pages: 1, loading: false, failed: false } } });
const partialList = () =>
  useMemberLists.setState({ lists: { s1: { count: 9000, groups: [], roleCounts: {}, next: "cursor", pages: 1, loading: false, failed: false } } });
const searched = (members: ServerMember[], presences: PresenceSnapshot[] = []) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ members, presences }), { status: 200 }));

async function settle(batch: MentionBatch): Promise<string[] | null> {
  if (!batch.later) return null;
  await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS);
  const found = await batch.later;
  return found && ids(found);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("fetch", fetchMock);
  localStorage.setItem("userToken", "token");
  resetMemberLists();
  forgetMemberSearches();
  clearSlots();
  online = {};
  merged.length = 0;
  opened.length = 0;
  fillSlots([presenceSlots.statuses.fill(() => online), presenceSlots.merge.fill((presences) => void merged.push([...presences]))]);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("@ in a server channel", () => {
  it("lists loaded members online first, by nickname, username or name:tag", () => {
    signIn(BOB);
    completeList();
    online = { "u-zed": 1 };
    expect(ids(source().people("").items)).toEqual(["user:u-zed", "user:u-adam", "user:u-bob", "user:u-ada", "user:u-owner"]);
    expect(ids(source().people("ada").items)).toEqual(["user:u-ada", "user:u-adam"]); // ada's nickname is Countess
    expect(ids(source().people("count").items)).toEqual(["user:u-ada"]);
    expect(ids(source().people("adam:TAG").items)).toEqual(["user:u-adam"]);
    const countess = source().people("count").items[0]!;
    expect(countess).toMatchObject({ name: "Countess", detail: "ada" });
    expect(fetchMock).not.toHaveBeenCalled(); // every member is loaded: no search
  });

  it("offers roles with MENTION_ROLES and @everyone with MENTION_EVERYONE, never the default role", () => {
    signIn(BOB);
    completeList();
    expect(ids(source().people("").items).filter((id) => !id.startsWith("user"))).toEqual([]);
    signIn(BOB, { "r-all": 2, "r-mod": 2 | 256 });
    expect(ids(source().people("").items).filter((id) => !id.startsWith("user"))).toEqual(["role:r-mod"]);
    signIn(BOB, { "r-all": 2 | 64, "r-mod": 2 });
    expect(ids(source().people("every").items)).toEqual(["everyone:e"]);
    expect(source().people("every").items[0]).toMatchObject({ detail: "Everyone who can see this channel" });
    signIn(OWNER); // the owner may do both
    expect(ids(source().people("").items).filter((id) => !id.startsWith("user"))).toEqual(["role:r-mod", "everyone:e"]);
    signIn(BOB, { "r-all": 2, "r-mod": 1 }); // ADMIN too
    expect(ids(source().people("mod").items)).toEqual(["role:r-mod"]);
  });

  it("asks the server's search when the member list is not all loaded, once typing pauses", async () => {
    signIn(BOB);
    partialList();
    searched([member("u-carol", [], { user: { id: "u-carol", username: "carol", tag: "0001" } })], [{ userId: "u-carol", status: 1 }]);
    const first = source().people("ca");
    const second = source().people("car");
    expect(first.items).toEqual([]);
    expect(await settle(first)).toBeNull(); // typing went on: only the last query is asked
    expect(await settle(second)).toEqual(["user:u-carol"]);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/servers/s1/members/search?q=car&limit=10"]);
    expect(merged).toEqual([[{ userId: "u-carol", status: 1 }]]);
    // A longer query within an answer of fewer than ten needs no request; the answer is kept.
    expect(ids(source().people("caro").items)).toEqual(["user:u-carol"]);
    expect(ids(source().people("car").items)).toEqual(["user:u-carol"]);
    expect(source().people("caro").later).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("merges the search's members with the loaded ones, online first", async () => {
    signIn(BOB);
    partialList();
    online = {};
    searched([member("u-adele", [], { user: { id: "u-adele", username: "adele", tag: "0001" } }), member("u-adam")], [{ userId: "u-adele", status: 2 }]);
    expect(await settle(source().people("ad"))).toEqual(["user:u-adele", "user:u-adam", "user:u-ada"]);
  });

  it("loads the first page of members (online first) for a bare @ when none is loaded", async () => {
    signIn(BOB);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ members: [member("u-new")], presences: [], count: 6, groups: [], roleCounts: {}, next: null }), { status: 200 }),
    );
    const batch = source().people("");
    expect(ids((await batch.later!) ?? [])).toContain("user:u-new");
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/servers/s1/members?limit=100"]);
  });
});

describe("# in a server channel", () => {
  it("lists the text channels the user can see, and names and opens them", () => {
    signIn(BOB);
    expect(ids(source().channels!("").items)).toEqual(["channel:general"]);
    signIn(OWNER);
    expect(ids(source().channels!("").items)).toEqual(["channel:general", "channel:secret"]);
    expect(ids(source().channels!("sec").items)).toEqual(["channel:secret"]);
    expect(source().name!("channel", "general")).toBe("general");
    expect(source().name!("role", "r-mod")).toBe("Moderators");
    expect(source().name!("user", "u-ada")).toBe("Countess");
    source().openChannel!("general");
    expect(opened).toEqual(["general"]);
  });
});
