import { describe, expect, it } from "vitest";
import {
  findChannelQuery,
  findPersonQuery,
  fold,
  matchRank,
  mentionLabels,
  mentionMarkup,
  mergeMentions,
  peopleMentionSource,
  rankMentions,
  rememberMentionName,
  type MentionCandidate,
} from "./mentions";

const person = (id: string, name: string, extra: Partial<MentionCandidate> = {}): MentionCandidate => ({ kind: "user", id, name, ...extra });

describe("what is being typed", () => {
  it("finds @query and #query after a space, a bracket or the start, up to the caret", () => {
    expect(findPersonQuery("@", 1)).toEqual({ start: 0, query: "" });
    expect(findPersonQuery("hi @Ad", 6)).toEqual({ start: 3, query: "Ad" });
    expect(findPersonQuery("hi (@Ad", 7)).toEqual({ start: 4, query: "Ad" });
    expect(findPersonQuery("hi @Ad and more", 6)).toEqual({ start: 3, query: "Ad" });
    expect(findChannelQuery("see #gen", 8)).toEqual({ start: 4, query: "gen" });
    expect(findPersonQuery("mail me at a@b", 14)).toBeNull(); // not after a space
    expect(findPersonQuery("hi @Ad ", 7)).toBeNull(); // a space ends it
    expect(findPersonQuery("\uFFFC\uFFFC@a", 4)).toBeNull(); // right after a chip
    expect(findPersonQuery(`@${"a".repeat(41)}`, 42)).toBeNull();
    expect(findChannelQuery("@gen", 4)).toBeNull();
  });
});

describe("matching", () => {
  it("ignores case and accents", () => {
    expect(fold("Élodie ÅSA")).toBe("elodie asa");
    expect(matchRank("ada", ["ada"])).toBe(0);
    expect(matchRank("ad", ["ada"])).toBe(1);
    expect(matchRank("lov", ["ada lovelace", "x"])).toBe(2);
    expect(matchRank("lov", ["ada_lovelace"])).toBe(2);
    expect(matchRank("vel", ["ada lovelace"])).toBe(3);
    expect(matchRank("zz", ["ada"])).toBeNull();
    expect(matchRank("", ["ada"])).toBe(3);
  });

  it("puts people first (online before offline), then roles, then @everyone; better matches and names next", () => {
    const list = [
      { kind: "everyone" as const, id: "e", name: "everyone" },
      { kind: "role" as const, id: "r1", name: "Admins" },
      person("1", "Zed admirer"),
      person("2", "adam", { online: true }),
      person("3", "Ada"),
      person("4", "Mad", { online: true }),
      person("5", "Wonder", { aliases: ["adeline", "adeline:0001"] }),
    ];
    expect(rankMentions(list, "ad").map((c) => c.id)).toEqual(["2", "4", "3", "5", "1", "r1"]);
    expect(rankMentions(list, "").map((c) => c.id)).toEqual(["2", "4", "3", "5", "1", "r1", "e"]);
    expect(rankMentions(list, "", 3).map((c) => c.id)).toEqual(["2", "4", "3"]);
    expect(rankMentions(list, "ÉVERY").map((c) => c.id)).toEqual(["e"]);
  });

  it("merges a later list (the server's search) with the first, each once, ranked again", () => {
    const first = [person("1", "ann"), person("2", "annex")];
    const later = [person("2", "annex", { online: true }), person("3", "anna")];
    expect(mergeMentions(first, later, "ann").map((c) => [c.id, c.online ?? false])).toEqual([
      ["2", true],
      ["1", false],
      ["3", false],
    ]);
  });
});

describe("what is inserted and shown", () => {
  it("writes the wire's markup", () => {
    expect(mentionMarkup({ kind: "user", id: "12" })).toBe("[@:12]");
    expect(mentionMarkup({ kind: "everyone", id: "e" })).toBe("[@:e]");
    expect(mentionMarkup({ kind: "role", id: "7" })).toBe("[r:7]");
    expect(mentionMarkup({ kind: "channel", id: "9" })).toBe("[#:9]");
  });

  it("names chips from the source, else from what was picked, else generically", () => {
    const labels = mentionLabels({ people: () => ({ items: [] }), name: (kind, id) => (kind === "channel" && id === "9" ? "news" : undefined) });
    expect(labels("channel", "9")).toBe("#news");
    expect(labels("everyone", "e")).toBe("@everyone");
    expect(labels("user", "404")).toBe("@Unknown user");
    expect(labels("role", "404")).toBe("@Unknown role");
    rememberMentionName("user", "404", "Found Later");
    expect(labels("user", "404")).toBe("@Found Later");
  });

  it("a DM offers its two people", () => {
    const source = peopleMentionSource(
      [
        { id: "1", username: "ada", tag: "0001" },
        { id: "2", username: "bob", tag: "0002" },
      ],
      (id) => id === "2",
    );
    expect(source.people("").items.map((c) => c.id)).toEqual(["2", "1"]);
    expect(source.people("ada:00").items.map((c) => c.id)).toEqual(["1"]);
    expect(source.people("2").items).toEqual([]); // a tag's letters match only after a ":"
    expect(source.name?.("user", "2")).toBe("bob");
  });
});
