import { describe, expect, it } from "vitest";
import { contrastingText, initialsColours, luminance, mixColours, normaliseHex, parseHexColour, toHex, WHITE } from "./colour";

describe("hex colours", () => {
  it("parse the four hex forms and nothing else", () => {
    expect(parseHexColour("#abc")).toEqual({ r: 170, g: 187, b: 204, a: 1 });
    expect(parseHexColour("#0000")).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(parseHexColour("#102030")).toEqual({ r: 16, g: 32, b: 48, a: 1 });
    expect(parseHexColour("#10203080")?.a).toBeCloseTo(128 / 255);
    for (const value of ["red", "#12", "#1234567", "102030", "#10203g", null, 5]) expect(parseHexColour(value)).toBeNull();
  });

  it("write #rrggbb for the colour picker", () => {
    expect(normaliseHex("#ABC", "#000000")).toBe("#aabbcc");
    expect(normaliseHex("nope", "#123456")).toBe("#123456");
    expect(toHex(mixColours(parseHexColour("#000000")!, WHITE, 0.5))).toBe("#808080");
  });

  it("pick black text on light colours and white on dark ones", () => {
    expect(contrastingText(parseHexColour("#f28c38")!)).toBe("#000000");
    expect(contrastingText(parseHexColour("#1a1d24")!)).toBe("#ffffff");
  });

  it("give initials an opaque background and text of at least 4.5:1 on any colour", () => {
    expect(initialsColours("#ffcc0080")).toEqual({ background: "#ffcc00", color: "#000000" });
    expect(initialsColours("url(x)")).toEqual({});
    for (const hex of ["#6c6cdf", "#df6c6c", "#6cdf6c", "#777777", "#3b82f6", "#000000", "#ffffff"]) {
      const { background, color } = initialsColours(hex);
      const [a, b] = [luminance(parseHexColour(background)!), luminance(parseHexColour(color)!)].sort((x, y) => y - x);
      expect((a! + 0.05) / (b! + 0.05), hex).toBeGreaterThanOrEqual(4.5);
    }
  });
});
