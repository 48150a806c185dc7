import { describe, expect, it } from "vitest";
import { groupMembers, memberColour, roleColour } from "./memberGroups";
import { member, role } from "./testData";

const roles = {
  "r-all": role("r-all", { order: 1, hexColor: "#111111" }),
  "r-mod": role("r-mod", { order: 3, name: "Mods", hexColor: "lg90#ff0000 0%#0000ff 100%" }),
  "r-vip": role("r-vip", { order: 2, name: "VIP", hexColor: "#00ff00" }),
  "r-hidden": role("r-hidden", { order: 4, hideRole: true, hexColor: "#abcdef" }),
};

const shape = (groups: ReturnType<typeof groupMembers>) => groups.map((group) => [group.key, group.members.map((item) => item.userId)]);

describe("member groups", () => {
  const members = [
    member("u-zed", ["r-vip"]),
    member("u-amy", ["r-mod", "r-vip"]),
    member("u-bob", ["r-hidden"]),
    member("u-cat", []),
    member("u-dan", ["r-mod"]),
  ];

  it("groups online members under their highest shown role, the rest online, then offline", () => {
    const online = new Set(["u-zed", "u-amy", "u-bob", "u-dan"]);
    expect(shape(groupMembers(members, roles, "r-all", (userId) => online.has(userId)))).toEqual([
      ["r-mod", ["u-amy", "u-dan"]],
      ["r-vip", ["u-zed"]],
      ["online", ["u-bob"]],
      ["offline", ["u-cat"]],
    ]);
  });

  it("lists everybody by role when presence is unknown", () => {
    expect(shape(groupMembers(members, roles, "r-all", null))).toEqual([
      ["r-mod", ["u-amy", "u-dan"]],
      ["r-vip", ["u-zed"]],
      ["members", ["u-bob", "u-cat"]],
    ]);
  });

  it("sorts by nickname when there is one", () => {
    const named = [member("u-a", [], { nickname: "Zoe" }), member("u-b", [])];
    expect(shape(groupMembers(named, roles, "r-all", null))).toEqual([["members", ["u-b", "u-a"]]]);
  });

  it("colours names with the highest coloured role (hidden roles count; gradients give their first colour)", () => {
    expect(roleColour("lg90#ff0000 0%#0000ff 100%")).toBe("#ff0000");
    expect(roleColour(null)).toBeUndefined();
    expect(roleColour("red), url(http://evil.example/x.png")).toBeUndefined();
    expect(roleColour("lg90 url(http://evil.example/x.png)")).toBeUndefined();
    expect(memberColour(members[1]!, roles)).toBe("#ff0000");
    expect(memberColour(members[2]!, roles)).toBe("#abcdef");
    expect(memberColour(members[3]!, roles)).toBeUndefined();
  });
});
