import { describe, expect, it } from "vitest";
import { staffLevelOf } from "./access";

describe("staffLevelOf", () => {
  it("reads the FOUNDER, ADMIN and MOD badges (rest.md §0.3)", () => {
    expect(staffLevelOf(1)).toBe("admin");
    expect(staffLevelOf(2 | 16)).toBe("admin");
    expect(staffLevelOf(64)).toBe("mod");
    expect(staffLevelOf(64 | 2)).toBe("admin");
    expect(staffLevelOf(16 | 8)).toBeNull();
    expect(staffLevelOf(undefined)).toBeNull();
  });
});
