import { describe, expect, it } from "vitest";
import { measureProgress } from "./upload";

describe("measureProgress", () => {
  it("reports whole percent and average bytes per second", () => {
    expect(measureProgress(250_000, 1_000_000, 500)).toEqual({ percent: 25, bytesPerSecond: 500_000 });
  });

  it("never exceeds 100 percent and does not divide by zero", () => {
    expect(measureProgress(10, 5, 0)).toEqual({ percent: 100, bytesPerSecond: 0 });
    expect(measureProgress(0, 0, 100)).toEqual({ percent: 0, bytesPerSecond: 0 });
  });
});
