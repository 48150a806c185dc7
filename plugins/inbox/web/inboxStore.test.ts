// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { useReadState } from "../../messages/web/public";
import { inboxAuthenticated, inboxClosed, inboxOpened, recipientUpdated, sortInboxes, useInboxStore } from "./inboxStore";
import type { Inbox } from "./types";

const inbox = (channelId: string, username: string, createdAt = 1): Inbox => ({
  id: `i-${channelId}`,
  createdById: "me",
  recipientId: `u-${channelId}`,
  channelId,
  closed: false,
  createdAt,
  lastSeen: 5,
  recipient: { id: `u-${channelId}`, username, tag: "T000" },
});

beforeEach(() => {
  useReadState.setState({ channels: {}, mentions: {}, lastSeen: {} });
  inboxAuthenticated([inbox("a", "ann"), { ...inbox("b", "ben"), closed: true }]);
});

describe("inbox", () => {
  it("keeps open inboxes and hands their last-seen time to the read state", () => {
    expect(Object.keys(useInboxStore.getState().inboxes)).toEqual(["a"]);
    expect(useReadState.getState().lastSeen.a).toBe(5);
  });

  it("opens with the channel (into the read state) and closes", () => {
    inboxOpened({ ...inbox("c", "cat"), channel: { id: "c", type: 0, lastMessagedAt: 99 } });
    expect(useInboxStore.getState().inboxes.c?.channel).toBeUndefined();
    expect(useReadState.getState().channels.c?.lastMessagedAt).toBe(99);
    inboxClosed({ channelId: "c" });
    expect(useInboxStore.getState().inboxes.c).toBeUndefined();
  });

  it("follows recipients' new names", () => {
    recipientUpdated({ userId: "u-a", updated: { username: "anna" } });
    expect(useInboxStore.getState().inboxes.a?.recipient.username).toBe("anna");
  });

  it("sorts by the latest message, then by creation", () => {
    const sorted = sortInboxes([inbox("a", "ann", 10), inbox("b", "ben", 20), inbox("c", "cat", 30)], {
      a: { id: "a", type: 0, lastMessagedAt: 500 },
      b: { id: "b", type: 0, lastMessagedAt: null },
    });
    expect(sorted.map((item) => item.channelId)).toEqual(["a", "c", "b"]);
  });
});
