// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { applyCustomColours, customColourProperties, getCustomColours, resetCustomColours, setCustomColour, validCustomColours } from "./customColours";

const rootStyle = () => document.documentElement.style;

afterEach(() => {
  localStorage.clear();
  applyCustomColours({});
});

describe("custom colours", () => {
  it("keep only the known variables with hex colours, whatever was stored", () => {
    expect(validCustomColours({ accent: "#123456", text: "red", "bg-main": "url(https://example.com/x)", "bg-pane": "#fff; color: red", glow: "#000", "--accent": "#000" })).toEqual({ accent: "#123456" });
    for (const junk of [null, "text", 3, ["#fff"]]) expect(validCustomColours(junk)).toEqual({});
  });

  it("derive the accent's hover, soft and contrast colours from numbers", () => {
    const dark = customColourProperties({ accent: "#ffffff" }, "default");
    expect(dark["--accent"]).toBe("#ffffff");
    expect(dark["--accent-contrast"]).toBe("#000000");
    expect(dark["--accent-soft"]).toBe("rgba(255, 255, 255, 0.14)");
    expect(customColourProperties({ accent: "#102030" }, "light")["--accent-contrast"]).toBe("#ffffff");
    expect(customColourProperties({ accent: "#000000" }, "light")["--accent-hover"]).toBe("rgba(0, 0, 0, 1)");
    expect(customColourProperties({ text: "#eeeeee" }, "amoled")).toEqual({ "--text": "#eeeeee" });
  });

  it("apply at once, are kept in local settings, and refuse what is not a colour", () => {
    expect(setCustomColour("bg-main", "#204060")).toBe(true);
    expect(rootStyle().getPropertyValue("--bg-main")).toBe("#204060");
    expect(JSON.parse(localStorage.getItem("customColors")!)).toEqual({ "bg-main": "#204060" });

    expect(setCustomColour("bg-main", "red; background: url(x)")).toBe(false);
    expect(getCustomColours()).toEqual({ "bg-main": "#204060" });

    setCustomColour("accent", "#3a7bd5");
    expect(rootStyle().getPropertyValue("--accent-soft")).toBe("rgba(58, 123, 213, 0.14)");
    setCustomColour("accent", null);
    expect(rootStyle().getPropertyValue("--accent")).toBe("");
    expect(rootStyle().getPropertyValue("--accent-soft")).toBe("");
    expect(rootStyle().getPropertyValue("--bg-main")).toBe("#204060");
  });

  it("reset to the theme's colours", () => {
    setCustomColour("text", "#101010");
    resetCustomColours();
    expect(rootStyle().getPropertyValue("--text")).toBe("");
    expect(getCustomColours()).toEqual({});
  });

  it("never put a stored value that is not a colour on the page", () => {
    localStorage.setItem("customColors", JSON.stringify({ text: "red", accent: "#00ff00", "bg-main": "var(--x)" }));
    applyCustomColours(getCustomColours());
    expect(rootStyle().getPropertyValue("--text")).toBe("");
    expect(rootStyle().getPropertyValue("--bg-main")).toBe("");
    expect(rootStyle().getPropertyValue("--accent")).toBe("#00ff00");
  });
});
