import { describe, expect, it } from "vitest";
import { placePopover } from "./popoverStore";

const rect = (left: number, top: number, width: number, height: number) =>
  ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect;
const viewport = { width: 1000, height: 800 };

describe("placePopover", () => {
  it("opens below the anchor when it fits", () => {
    expect(placePopover(rect(100, 100, 40, 20), { width: 300, height: 200 }, viewport)).toEqual({ left: 100, top: 124 });
  });

  it("flips above when there is no room below", () => {
    expect(placePopover(rect(100, 700, 40, 20), { width: 300, height: 200 }, viewport)).toEqual({ left: 100, top: 496 });
  });

  it("prefers above when asked and it fits", () => {
    expect(placePopover(rect(100, 400, 40, 20), { width: 300, height: 200 }, viewport, "above").top).toBe(196);
  });

  it("keeps the panel inside the viewport horizontally", () => {
    expect(placePopover(rect(950, 100, 40, 20), { width: 300, height: 200 }, viewport).left).toBe(692);
  });

  it("opens beside the anchor, on the left when the right is too narrow", () => {
    expect(placePopover(rect(100, 100, 40, 40), { width: 300, height: 200 }, viewport, "side")).toEqual({ left: 148, top: 100 });
    expect(placePopover(rect(800, 100, 40, 40), { width: 300, height: 200 }, viewport, "side").left).toBe(492);
  });
});
