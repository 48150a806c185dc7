import { describe, expect, it } from "vitest";
import { staffLevelOf, userActions } from "./access";

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

describe("userActions", () => {
  const founder = { id: "1", badges: 1 };
  const admin = { id: "2", badges: 2 };
  const otherAdmin = { id: "3", badges: 2 | 8 };
  const mod = { id: "4", badges: 64 };
  const user = { id: "5", badges: 0 };
  const all = { sanction: true, lift: true, edit: true, credentials: true };
  const nothing = { sanction: false, lift: false, edit: false, credentials: false };

  it("follows the server's staff ranks", () => {
    expect(userActions(admin, founder)).toEqual({ sanction: false, lift: true, edit: false, credentials: false });
    expect(userActions(founder, founder)).toEqual({ sanction: false, lift: true, edit: true, credentials: true });
    expect(userActions(admin, otherAdmin)).toEqual({ ...all, credentials: false });
    expect(userActions(founder, otherAdmin)).toEqual(all);
    expect(userActions(admin, admin)).toEqual(all);
    expect(userActions(admin, mod)).toEqual(all);
    expect(userActions(admin, user)).toEqual(all);
    expect(userActions(mod, user)).toEqual(nothing);
    expect(userActions(user, user)).toEqual(nothing);
    expect(userActions(null, user)).toEqual(nothing);
  });
});
