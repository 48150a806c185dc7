import { describe, expect, it } from "vitest";
import { drawnAsPicture, splitEmoji } from "./emojiText";
import { twemojiFileName } from "./twemojiName";

describe("splitEmoji", () => {
  it("keeps flags, keycaps, skin tones and ZWJ sequences whole", () => {
    expect(splitEmoji("go 🇬🇧 1️⃣ 👍🏽 👩‍👩‍👧!")).toEqual([
      { text: "go " },
      { emoji: "🇬🇧" },
      { text: " " },
      { emoji: "1️⃣" },
      { text: " " },
      { emoji: "👍🏽" },
      { text: " " },
      { emoji: "👩‍👩‍👧" },
      { text: "!" },
    ]);
  });

  it("leaves text without emoji in one piece", () => {
    expect(splitEmoji("Zoë 2026")).toEqual([{ text: "Zoë 2026" }]);
  });
});

describe("drawnAsPicture", () => {
  it("draws emoji-style characters, and text-style ones only with U+FE0F", () => {
    expect(drawnAsPicture("😀")).toBe(true);
    expect(drawnAsPicture("©")).toBe(false);
    expect(drawnAsPicture("©\uFE0F")).toBe(true);
    expect(drawnAsPicture("\u2764")).toBe(false);
    expect(drawnAsPicture("\u2764\uFE0F")).toBe(true);
    expect(drawnAsPicture("\u2764\uFE0E")).toBe(false);
  });
});

describe("twemojiFileName", () => {
  it("is the code points in hex, without U+FE0F outside ZWJ sequences", () => {
    expect(twemojiFileName("😀")).toBe("1f600");
    expect(twemojiFileName("\u2764\uFE0F")).toBe("2764");
    expect(twemojiFileName("🏳️‍🌈")).toBe("1f3f3-fe0f-200d-1f308");
  });
});
