// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { groupJoined, groupLeft, groupsAuthenticated, groupTitle, groupUpdated, memberRemoved, membersAdded, useGroupsStore } from "./groupsStore";
import type { GroupDm } from "./types";

const user = (id: string, username: string) => ({ id, username, tag: "0001", avatar: null, hexColor: null });

function group(channelId: string, members = [user("1", "ada"), user("2", "bob"), user("3", "cid")]): GroupDm {
  return {
    id: channelId,
    channelId,
    name: null,
    icon: null,
    ownerId: "1",
    createdAt: 1,
    lastSeen: null,
    members,
    channel: { id: channelId, type: 10, name: null, serverId: null, lastMessagedAt: null, createdAt: 1 } as GroupDm["channel"],
  };
}

describe("groups store", () => {
  beforeEach(() => groupsAuthenticated([]));

  it("keeps the groups of the payload and those joined later, and drops one left", () => {
    groupsAuthenticated([group("10")]);
    groupJoined(group("11"));
    expect(Object.keys(useGroupsStore.getState().groups).sort()).toEqual(["10", "11"]);
    groupLeft({ channelId: "10" });
    expect(Object.keys(useGroupsStore.getState().groups)).toEqual(["11"]);
  });

  it("follows members, names and owners", () => {
    groupJoined(group("10"));
    membersAdded({ channelId: "10", users: [user("4", "dan")] });
    memberRemoved({ channelId: "10", userId: "2" });
    groupUpdated({ channelId: "10", ownerId: "3" });
    const changed = useGroupsStore.getState().groups["10"]!;
    expect(changed.members.map((m) => m.username)).toEqual(["ada", "cid", "dan"]);
    expect(changed.ownerId).toBe("3");
    expect(groupTitle(changed, "1")).toBe("cid, dan");
    groupUpdated({ channelId: "10", name: "Climbers" });
    expect(groupTitle(useGroupsStore.getState().groups["10"]!, "1")).toBe("Climbers");
  });

  it("ignores events of a group it does not hold", () => {
    groupUpdated({ channelId: "99", name: "x" });
    memberRemoved({ channelId: "99", userId: "1" });
    expect(useGroupsStore.getState().groups).toEqual({});
  });
});
