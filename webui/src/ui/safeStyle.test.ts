// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { cssUrl, safeColour, safeGradient } from "./safeStyle";

describe("safeColour", () => {
  it("keeps hex colours", () => {
    for (const colour of ["#abc", "#ABCD", "#a1b2c3", "#a1b2c3d4"]) expect(safeColour(colour)).toBe(colour);
  });

  it("drops anything that is not a hex colour", () => {
    for (const value of [
      "red), url(http://evil.example/x.png), linear-gradient(red",
      "url(http://evil.example/x.png)",
      "#fff;background:url(//evil.example)",
      "red",
      "#12345",
      "#a1b2c3\n",
      "var(--accent)",
      null,
      undefined,
      42,
    ]) {
      expect(safeColour(value)).toBeUndefined();
    }
  });
});

describe("safeGradient", () => {
  it("builds a gradient only from two hex colours", () => {
    expect(safeGradient(135, "#111", "#222222")).toBe("linear-gradient(135deg, #111, #222222)");
    expect(safeGradient(135, "#111", "red), url(http://evil.example/x")).toBeUndefined();
    expect(safeGradient(135, null, "#222")).toBeUndefined();
  });

  it("never lets a browser fetch an attacker's address from a profile", () => {
    const element = document.createElement("div");
    element.style.backgroundImage = safeGradient(135, "#111", "red), url(http://evil.example/x.png), linear-gradient(red") ?? "";
    expect(element.style.backgroundImage).not.toContain("evil");
  });
});

describe("cssUrl", () => {
  it("quotes the address so it cannot end the value", () => {
    expect(cssUrl('/cdn/a.png"), url("http://evil.example/x.png')).toBe(
      'url("/cdn/a.png\\22 ), url(\\22 http://evil.example/x.png")',
    );
    expect(cssUrl("/cdn/a\\b\n.png")).toBe('url("/cdn/a\\5c b\\a .png")');
    expect(cssUrl("/cdn/a b.png")).toBe('url("/cdn/a b.png")');
  });
});
