import { describe, expect, it } from "vitest";
import { formatCount, formatWhen } from "./format";

describe("post times and counts", () => {
  const now = new Date(2026, 5, 15, 18, 0);

  it("shows the hour today, the day this year, and the year before", () => {
    expect(formatWhen(new Date(2026, 5, 15, 9, 5).getTime(), now)).toMatch(/09:05/);
    expect(formatWhen(new Date(2026, 0, 3).getTime(), now)).toMatch(/3 Jan/);
    expect(formatWhen(new Date(2024, 0, 3).getTime(), now)).toMatch(/2024/);
    expect(formatWhen(undefined, now)).toBe("");
  });

  it("shortens large counts", () => {
    expect(formatCount(12)).toBe("12");
    expect(formatCount(1234)).toMatch(/^1\.2k$/i);
  });
});
