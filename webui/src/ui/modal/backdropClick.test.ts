import { describe, expect, it } from "vitest";
import { shouldCloseOnBackdropClick } from "./backdropClick";

describe("shouldCloseOnBackdropClick", () => {
  const down = { x: 100, y: 100 };

  it("closes on a still click", () => {
    expect(shouldCloseOnBackdropClick(down, { x: 100, y: 100 }, "")).toBe(true);
  });

  it("tolerates up to 3 px of movement", () => {
    expect(shouldCloseOnBackdropClick(down, { x: 103, y: 100 }, "")).toBe(true);
    expect(shouldCloseOnBackdropClick(down, { x: 103, y: 101 }, "")).toBe(false);
  });

  it("stays open while text is selected", () => {
    expect(shouldCloseOnBackdropClick(down, down, "selected words")).toBe(false);
  });

  it("stays open when the press did not start on the background", () => {
    expect(shouldCloseOnBackdropClick(null, down, "")).toBe(false);
  });
});
