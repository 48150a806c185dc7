import { describe, expect, it } from "vitest";
import { coMembersOf, resolveFriendName, searchText, suggestFriends, type CoMember } from "./suggestions";
import { FriendStatus, type Friend } from "./types";

const user = (id: string, username: string, extra: object = {}) => ({ id, username, tag: `T${id.padStart(3, "0")}`, ...extra });
const coMember = (id: string, username: string, serverName = "Garden", nickname: string | null = null): CoMember => ({ serverName, nickname, user: user(id, username) });
const friend = (id: string, status: number): Friend => ({ status: status as Friend["status"], recipientId: id, recipient: user(id, "x") });

describe("friend suggestions", () => {
  it("matches the name part of what is typed", () => {
    expect(searchText("  Carol ")).toBe("carol");
    expect(searchText("carol:AB12")).toBe("carol");
    expect(searchText(":")).toBe(":");
  });

  it("puts co-members first (exact, then prefix, then contains), then search results, without repeats", () => {
    const members = [coMember("1", "Carolyn"), coMember("2", "carol"), coMember("3", "macarol"), coMember("4", "dave")];
    const searched = [user("2", "carol"), user("5", "Carol"), user("6", "zed")];
    const found = suggestFriends("carol", members, searched, {}, "99");
    expect(found.map((s) => [s.id, s.sharedServer ?? null])).toEqual([
      ["2", "Garden"],
      ["1", "Garden"],
      ["3", "Garden"],
      ["5", null],
    ]);
  });

  it("matches nicknames and says which one matched", () => {
    const found = suggestFriends("cap", [coMember("1", "steve", "Garden", "Captain")], [], {}, undefined);
    expect(found).toEqual([expect.objectContaining({ id: "1", nickname: "Captain", sharedServer: "Garden" })]);
  });

  it("leaves out oneself, bots and everyone already in the friends list", () => {
    const members = [coMember("1", "carol"), coMember("2", "carolbot"), coMember("3", "caroline"), coMember("4", "carolus")];
    members[1]!.user.bot = true;
    const searched = [user("5", "carola", { badges: 32 }), user("6", "carolina")];
    const friends = { "3": friend("3", FriendStatus.PENDING), "4": friend("4", FriendStatus.BLOCKED) };
    expect(suggestFriends("carol", members, searched, friends, "1").map((s) => s.id)).toEqual(["6"]);
  });

  it("suggests nothing for nothing typed", () => {
    expect(suggestFriends("  ", [coMember("1", "a")], [], {}, undefined)).toEqual([]);
  });
});

describe("resolving a typed name", () => {
  const suggestions = [{ ...user("1", "Carol"), sharedServer: "Garden" }, user("2", "Caroline")];

  it("takes name:tag as written", () => {
    expect(resolveFriendName(" ada : AB12 ", [])).toEqual({ username: "ada", tag: "AB12" });
  });

  it("resolves a bare name borne by exactly one suggestion, whatever its case", () => {
    expect(resolveFriendName("carol", suggestions)).toEqual({ username: "Carol", tag: "T001" });
  });

  it("says when the name is ambiguous or unknown", () => {
    expect(resolveFriendName("Carol", [...suggestions, user("3", "carol")])).toBe("ambiguous");
    expect(resolveFriendName("Caro", suggestions)).toBe("unknown");
    expect(resolveFriendName("ada:", [])).toBe("unknown");
  });
});

describe("co-members", () => {
  it("lists the loaded members of the user's servers with the server's name", () => {
    const servers = { s1: { name: "Garden" } };
    const members = { s1: { "1": { nickname: "Cap", user: user("1", "steve") } }, gone: { "2": { user: user("2", "x") } } };
    expect(coMembersOf(servers, members)).toEqual([{ serverName: "Garden", nickname: "Cap", user: user("1", "steve") }]);
  });
});
