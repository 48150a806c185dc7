import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyCustomColours } from "../customColours";
import { setLocalSetting } from "../localSettings";
import { CustomColoursCard } from "./CustomColoursCard";

const root = () => document.documentElement.style;

beforeEach(() => render(<CustomColoursCard />));
afterEach(() => {
  cleanup();
  localStorage.clear();
  applyCustomColours({});
});

describe("the custom colours card", () => {
  it("shows the theme's colours until one is overridden", () => {
    expect((screen.getByLabelText("Accent") as HTMLInputElement).value).toBe("#f28c38");
    setLocalSetting("theme", "light");
    cleanup();
    render(<CustomColoursCard />);
    expect((screen.getByLabelText("Accent") as HTMLInputElement).value).toBe("#9c4a0f");
  });

  it("applies a typed colour at once and keeps it, but not half-typed or foreign text", () => {
    const text = screen.getByLabelText("Main background");
    fireEvent.change(text, { target: { value: "#12" } });
    expect(screen.getByText("Use a hex colour such as #3a7bd5.")).toBeTruthy();
    expect(root().getPropertyValue("--bg-main")).toBe("");
    fireEvent.change(text, { target: { value: "#123456" } });
    expect(root().getPropertyValue("--bg-main")).toBe("#123456");
    expect(JSON.parse(localStorage.getItem("customColors")!)).toEqual({ "bg-main": "#123456" });
    expect(screen.queryByText("Use a hex colour such as #3a7bd5.")).toBeNull();
    fireEvent.change(text, { target: { value: "blue" } });
    expect(root().getPropertyValue("--bg-main")).toBe("#123456");
  });

  it("takes the picker's colour and resets one colour or all of them", () => {
    fireEvent.change(screen.getByLabelText("Text: pick a colour"), { target: { value: "#fafafa" } });
    fireEvent.change(screen.getByLabelText("Accent: pick a colour"), { target: { value: "#3a7bd5" } });
    expect(root().getPropertyValue("--text")).toBe("#fafafa");
    fireEvent.click(screen.getByRole("button", { name: "Reset Text" }));
    expect(root().getPropertyValue("--text")).toBe("");
    expect(root().getPropertyValue("--accent")).toBe("#3a7bd5");
    fireEvent.click(screen.getByRole("button", { name: "Reset colours to the theme's defaults" }));
    expect(root().getPropertyValue("--accent")).toBe("");
    expect(localStorage.getItem("customColors")).toBe("{}");
    expect((screen.getByLabelText("Accent") as HTMLInputElement).value).toBe("#f28c38");
  });
});
