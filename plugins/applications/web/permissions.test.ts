import { describe, expect, it } from "vitest";
import { parsePermissions, permissionNames } from "./permissions";

describe("bot permissions", () => {
  it("names the bits that are set, in display order", () => {
    expect(permissionNames(2 | 16 | 32)).toEqual(["SEND_MESSAGE", "KICK", "BAN"]);
    expect(permissionNames(0)).toEqual([]);
  });

  it("reads a perms query, dropping unknown bits and nonsense", () => {
    expect(parsePermissions("50")).toEqual(50);
    expect(parsePermissions(String(1024 | 2))).toEqual(2);
    expect(parsePermissions("-4")).toEqual(0);
    expect(parsePermissions("abc")).toEqual(0);
    expect(parsePermissions(null)).toEqual(0);
  });
});
