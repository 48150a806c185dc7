import { beforeEach, describe, expect, it } from "vitest";
import {
  friendRemoved,
  friendRequestAccepted,
  friendRequestReceived,
  friendsAuthenticated,
  friendUserUpdated,
  groupFriends,
  useFriendsStore,
  userBlocked,
  userUnblocked,
} from "./friendsStore";
import { parseUsernameAndTag } from "./friendsApi";
import { FriendStatus, type Friend, type FriendStatusValue } from "./types";

const row = (id: string, username: string, status: FriendStatusValue): Friend => ({
  id: `row-${id}`,
  status,
  recipientId: id,
  recipient: { id, username, tag: "T000" },
});

const friends = () => useFriendsStore.getState().friends;

beforeEach(() =>
  friendsAuthenticated([
    row("1", "zoe", FriendStatus.FRIENDS),
    row("2", "Adam", FriendStatus.FRIENDS),
    row("3", "carl", FriendStatus.PENDING),
    row("4", "dana", FriendStatus.SENT),
    row("5", "eve", FriendStatus.BLOCKED),
  ]),
);

describe("friend list grouping", () => {
  it("splits rows into online, all, incoming, sent and blocked, sorted by name", () => {
    const groups = groupFriends(friends(), { "1": 1, "3": 1, "5": 4 });
    expect(groups.all.map((friend) => friend.recipient.username)).toEqual(["Adam", "zoe"]);
    expect(groups.online.map((friend) => friend.recipient.username)).toEqual(["zoe"]);
    expect(groups.incoming.map((friend) => friend.recipientId)).toEqual(["3"]);
    expect(groups.outgoing.map((friend) => friend.recipientId)).toEqual(["4"]);
    expect(groups.blocked.map((friend) => friend.recipientId)).toEqual(["5"]);
  });

  it("counts a friend as offline when presence says 0 or nothing", () => {
    expect(groupFriends(friends(), { "1": 0 }).online).toEqual([]);
  });
});

describe("friend events", () => {
  it("adds requests, accepts them, and removes entries", () => {
    friendRequestReceived(row("6", "fay", FriendStatus.PENDING));
    expect(friends()["6"]!.status).toBe(FriendStatus.PENDING);
    friendRequestAccepted({ friendId: "6" });
    expect(friends()["6"]!.status).toBe(FriendStatus.FRIENDS);
    friendRemoved({ friendId: "6" });
    expect(friends()["6"]).toBeUndefined();
  });

  it("blocking sets blocked; unblocking deletes the entry", () => {
    userBlocked({ user: { id: "1", username: "zoe", tag: "T000" } });
    expect(friends()["1"]!.status).toBe(FriendStatus.BLOCKED);
    friendRemoved({ friendId: "1" });
    expect(friends()["1"]!.status).toBe(FriendStatus.BLOCKED);
    userUnblocked({ userId: "1" });
    expect(friends()["1"]).toBeUndefined();
  });

  it("follows a friend's new name", () => {
    friendUserUpdated({ userId: "2", updated: { username: "adam2" } });
    expect(friends()["2"]!.recipient.username).toBe("adam2");
  });
});

describe("username:tag", () => {
  it("splits at the colon and trims", () => {
    expect(parseUsernameAndTag("  ada:AB12 ")).toEqual({ username: "ada", tag: "AB12" });
    expect(parseUsernameAndTag("ada")).toBeNull();
    expect(parseUsernameAndTag(":AB12")).toBeNull();
    expect(parseUsernameAndTag("ada:")).toBeNull();
  });
});
