import { describe, expect, it } from "vitest";
import type { CustomEmojiGroup } from "./customEmoji";
import { groupEmojis, labelShortcode, type EmojiRow } from "./emojiData";
import { replaceShortcodes, shortcodeQuery, shortcodeTable, suggestShortcodes } from "./shortcodes";

const rows: EmojiRow[] = [
  ["😄", "grinning face with smiling eyes", 0, "face smile happy", "smile"],
  ["🙂", "slightly smiling face", 0, "face smile", "slightly_smiling_face"],
  ["😀", "grinning face", 0, "face grin", "grinning"],
  ["👍", "thumbs up", 1, "hand up yes", "+1 thumbsup"],
  ["🇬🇧", "flag: United Kingdom", 9, "flag", "uk gb"],
];
const emojis = groupEmojis(rows);
const custom: CustomEmojiGroup[] = [
  { id: "s1", name: "Hearthside", emojis: [{ id: "11", name: "smiley_cat" }, { id: "12", name: "party", gif: true }] },
  { id: "s2", name: "Other", emojis: [{ id: "21", name: "spin", webp: true }, { id: "22", name: "smile" }] },
];

describe("shortcode names", () => {
  it("come from GitHub's shortcodes and the label in snake case", () => {
    expect(labelShortcode("flag: United Kingdom")).toBe("flag_united_kingdom");
    expect(labelShortcode("piñata")).toBe("pinata");
    expect(emojis[0]!.entries[0]!.shortcodes).toEqual(["smile", "grinning_face_with_smiling_eyes"]);
    expect(emojis[1]!.entries[0]!.shortcodes).toEqual(["+1", "thumbsup", "thumbs_up"]);
  });
});

describe("the :query before the caret", () => {
  it("needs a colon at a word start and two characters", () => {
    expect(shortcodeQuery(":sm", 3)).toEqual({ start: 0, query: "sm" });
    expect(shortcodeQuery("hello :smi", 10)).toEqual({ start: 6, query: "smi" });
    expect(shortcodeQuery("hello :s", 8)).toBeNull();
    expect(shortcodeQuery("hello:smi", 9)).toBeNull();
    expect(shortcodeQuery("at 10:30", 8)).toBeNull();
    expect(shortcodeQuery("done :smile:", 12)).toBeNull();
    expect(shortcodeQuery("a :+1", 5)).toEqual({ start: 2, query: "+1" });
  });

  it("looks only before the caret", () => {
    expect(shortcodeQuery(":smile and more", 4)).toEqual({ start: 0, query: "smi" });
    expect(shortcodeQuery(":smile and more", 10)).toBeNull();
  });
});

describe("suggestions", () => {
  it("rank exact, then prefix, then substring matches; custom emojis first on a tie", () => {
    const names = suggestShortcodes("smile", emojis, custom).map((item) => [item.name, item.text]);
    expect(names).toEqual([
      ["smile", "[ce:22:smile]"],
      ["smile", "😄"],
      ["smiley_cat", "[ce:11:smiley_cat]"],
    ]);
    expect(suggestShortcodes("smil", emojis, custom).map((item) => item.name)).toEqual([
      "smile",
      "smile",
      "smiley_cat",
      "slightly_smiling_face",
    ]);
  });

  it("match any of an emoji's names once, case-insensitively", () => {
    expect(suggestShortcodes("THUMBS", emojis, []).map((item) => item.unicode)).toEqual(["👍"]);
    expect(suggestShortcodes("gri", emojis, []).map((item) => [item.name, item.unicode])).toEqual([
      ["grinning", "😀"],
      ["grinning_face_with_smiling_eyes", "😄"],
    ]);
    expect(suggestShortcodes("sp", null, custom).map((item) => item.text)).toEqual(["[wace:21:spin]"]);
  });

  it("need two characters and respect the limit", () => {
    expect(suggestShortcodes("s", emojis, custom)).toEqual([]);
    expect(suggestShortcodes("i", emojis, custom)).toEqual([]);
    expect(suggestShortcodes("in", emojis, custom, 2)).toHaveLength(2);
  });
});

describe("conversion on send", () => {
  const table = shortcodeTable(emojis, custom);

  it("turns known :name: into Unicode emoji or custom emoji markup", () => {
    expect(replaceShortcodes("hi :grinning: :+1:", table)).toBe("hi 😀 👍");
    expect(replaceShortcodes(":party::spin:", table)).toBe("[ace:12:party][wace:21:spin]");
    expect(replaceShortcodes(":uk:", table)).toBe("🇬🇧");
  });

  it("prefers a custom emoji the user has over a Unicode shortcode of the same name", () => {
    expect(replaceShortcodes(":smile:", table)).toBe("[ce:22:smile]");
    expect(replaceShortcodes(":smile:", shortcodeTable(emojis, []))).toBe("😄");
  });

  it("leaves unknown names, times and code alone", () => {
    expect(replaceShortcodes("meet at 10:30:00 :nope:", table)).toBe("meet at 10:30:00 :nope:");
    expect(replaceShortcodes("at 10:30:grinning:", table)).toBe("at 10:30😀");
    expect(replaceShortcodes("`:grinning:` and ```\n:grinning:\n``` but :grinning:", table)).toBe(
      "`:grinning:` and ```\n:grinning:\n``` but 😀",
    );
    expect(replaceShortcodes("[ce:22:smile] :smile:", table)).toBe("[ce:22:smile] [ce:22:smile]");
  });

  it("matches names case-insensitively when nothing matches exactly", () => {
    expect(replaceShortcodes(":Grinning: :PARTY:", table)).toBe("😀 [ace:12:party]");
  });

  it("does nothing without data", () => {
    expect(replaceShortcodes(":grinning:", new Map())).toBe(":grinning:");
  });
});
