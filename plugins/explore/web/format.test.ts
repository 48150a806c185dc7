// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { BUMP_COOLDOWN_MS, bumpWait, isNotListed } from "./exploreApi";
import { initials } from "../../servers/web/public";
import { mergeListing, splitWait } from "./format";

describe("explore helpers", () => {
  it("rounds a wait up to whole minutes", () => {
    expect(splitWait(0)).toEqual({ hours: 0, minutes: 0 });
    expect(splitWait(1)).toEqual({ hours: 0, minutes: 1 });
    expect(splitWait(2 * 3_600_000 + 5 * 60_000)).toEqual({ hours: 2, minutes: 5 });
  });

  it("counts the 3 hour bump cooldown from the last bump", () => {
    expect(bumpWait({ bumpedAt: 1000 }, 1000)).toBe(BUMP_COOLDOWN_MS);
    expect(bumpWait({ bumpedAt: 1000 }, 1000 + BUMP_COOLDOWN_MS + 1)).toBe(0);
  });

  it("keeps createdBy when a bump reply replaces a listing", () => {
    const current = { id: "1", bumpCount: 1, server: { id: "s", name: "A", createdBy: { id: "u" } } };
    const merged = mergeListing(current, { id: "1", bumpCount: 2, server: { id: "s", name: "A" } } as typeof current);
    expect(merged.bumpCount).toBe(2);
    expect(merged.server.createdBy).toEqual({ id: "u" });
  });

  it("reads 'Server not found.' as not listed", () => {
    expect(isNotListed({ message: "Server not found.", path: null })).toBe(true);
    expect(isNotListed({ message: "Could not connect to server.", code: 0 })).toBe(false);
    expect(initials("hearth side club extra")).toBe("HSC");
  });
});
