import { describe, expect, it } from "vitest";
import { drawnOrder, groupByChannel, highlightPieces, inFilter, withFilter, withMentionNames, withoutFilters } from "./results";
import type { SearchResult } from "./searchApi";

const result = (id: string, channelId: string): SearchResult =>
  ({ message: { id, channelId, content: id } as SearchResult["message"], highlights: [] }) as SearchResult;

describe("search results", () => {
  it("cuts a message at its highlights, counting UTF-16 units", () => {
    expect(highlightPieces("😀 Café au lait", [[3, 7]])).toEqual([
      { text: "😀 ", marked: false },
      { text: "Café", marked: true },
      { text: " au lait", marked: false },
    ]);
    expect(highlightPieces("ab", [[5, 9]])).toEqual([{ text: "ab", marked: false }]);
  });

  it("groups by channel in the order of each channel's best result", () => {
    const groups = groupByChannel([result("1", "a"), result("2", "b"), result("3", "a")], {
      a: { id: "a", name: "general", type: 1, serverId: "s" },
    });
    expect(groups.map((g) => [g.channel.id, g.results.map((r) => r.index)])).toEqual([
      ["a", [0, 2]],
      ["b", [1]],
    ]);
    expect(drawnOrder(groups)).toEqual([0, 2, 1]);
  });

  it("adds a filter at the end of the box", () => {
    expect(withFilter("cats  ", "has:file")).toBe("cats has:file");
    expect(withFilter("", "from:")).toBe("from:");
  });

  it("names a channel for in:, quoted when it holds a space", () => {
    expect(inFilter("general")).toBe("in:general");
    expect(inFilter("off topic")).toBe('in:"off topic"');
  });

  it("shows a post's mentions by name, leaving unknown ids", () => {
    expect(withMentionNames("hi [@:7] and [@:8]", [{ id: "7", username: "ann" }])).toBe("hi @ann and [@:8]");
    expect(withMentionNames("no one", [])).toBe("no one");
  });

  it("takes out of the box the filters a tab does not take, keeping words that only look like one", () => {
    expect(withoutFilters('in:"off topic" tulips from:ann pinned:true', ["from"])).toBe("tulips from:ann ");
    expect(withoutFilters("in:general ", ["from"])).toBe("");
    expect(withoutFilters("ratio 16:9 -has:file", [])).toBe("ratio 16:9 ");
    expect(withoutFilters("ann", [])).toBe("ann");
  });
});
