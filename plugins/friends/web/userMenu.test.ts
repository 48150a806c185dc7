import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { beforeEach, describe, expect, it } from "vitest";
import enGb from "./en-gb.json";
import { friendsAuthenticated } from "./friendsStore";
import { FriendStatus, type FriendStatusValue } from "./types";
import { friendMenuItems } from "./userMenu";

registerTranslations("en-gb", "friends", enGb);

const row = (id: string, status: FriendStatusValue) => ({ id: `row-${id}`, status, recipientId: id, recipient: { id, username: id, tag: "T000" } });
const labels = (userId: string, bot = false) => friendMenuItems({ userId, user: { id: userId, username: userId, tag: "T000", bot } }).map((item) => item.label);

beforeEach(() => {
  useSelfUserStore.setState({ user: { id: "me", username: "me", tag: "TAG1", badges: 0 }, sessionId: null });
  friendsAuthenticated([row("zoe", FriendStatus.FRIENDS), row("carl", FriendStatus.PENDING), row("dana", FriendStatus.SENT), row("eve", FriendStatus.BLOCKED)]);
});

describe("the friends entry of the user menu", () => {
  it("follows the friendship: add, accept, cancel, remove; nothing for a block", () => {
    expect(labels("ada")).toEqual(["Add friend"]);
    expect(labels("carl")).toEqual(["Accept friend request"]);
    expect(labels("dana")).toEqual(["Cancel request"]);
    expect(labels("zoe")).toEqual(["Remove friend"]);
    expect(labels("eve")).toEqual([]);
  });

  it("offers nothing on oneself or a bot", () => {
    expect(labels("me")).toEqual([]);
    expect(labels("robot", true)).toEqual([]);
  });
});
