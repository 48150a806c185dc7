import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_RECENT_EMOJIS, groupEmojis, recentEmojis, rememberEmoji, searchEmojis, type EmojiRow } from "./emojiData";

const data: EmojiRow[] = [
  ["🙂", "slightly smiling face", 0, "face smile"],
  ["😀", "grinning face", 0, "face grin"],
  ["👍", "thumbs up", 1, "hand up yes"],
  ["🏻", "light skin tone", 2, ""],
];

beforeEach(() => localStorage.clear());

describe("emoji data", () => {
  it("groups by category in order, leaving out skin-tone components", () => {
    const groups = groupEmojis(data);
    expect(groups.map((group) => group.key)).toEqual(["smileys-emotion", "people-body"]);
    expect(groups[0]!.entries.map((entry) => entry.unicode)).toEqual(["🙂", "😀"]);
  });

  it("searches labels and tags, labels starting with the word first", () => {
    const groups = groupEmojis(data);
    expect(searchEmojis(groups, "face").map((entry) => entry.unicode)).toEqual(["🙂", "😀"]);
    expect(searchEmojis(groups, "thumbs").map((entry) => entry.label)).toEqual(["thumbs up"]);
    expect(searchEmojis(groups, "yes hand").map((entry) => entry.unicode)).toEqual(["👍"]);
    expect(searchEmojis(groups, "  ")).toEqual([]);
  });

  it("remembers picks, most recent first, without duplicates", () => {
    expect(recentEmojis()).toEqual(DEFAULT_RECENT_EMOJIS);
    rememberEmoji("😀");
    rememberEmoji("👍");
    rememberEmoji("😀");
    expect(recentEmojis()).toEqual(["😀", "👍"]);
  });
});
