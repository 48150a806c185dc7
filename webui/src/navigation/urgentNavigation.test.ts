import { describe, expect, it } from "vitest";
import { drawNavigationAtOnce, isUrgentNavigation } from "./urgentNavigation";

describe("drawNavigationAtOnce", () => {
  it("holds for the rest of the handler that asked, and not for a later navigation", async () => {
    expect(isUrgentNavigation()).toBe(false);
    drawNavigationAtOnce();
    expect(isUrgentNavigation()).toBe(true);
    await Promise.resolve();
    expect(isUrgentNavigation()).toBe(false);
  });
});
