import { beforeEach, describe, expect, it } from "vitest";
import { suggestedName } from "./names";
import {
  followedLoaded,
  followedMessage,
  forgetThread,
  openPanel,
  rememberThreads,
  setFollowed,
  threadOfMessage,
  threadRead,
  threadsOf,
  useThreadsStore,
} from "./threadsStore";
import type { FollowedThread, Thread } from "./types";

const thread = (id: string, changes: Partial<Thread> = {}): Thread => ({
  id,
  type: 11,
  name: `thread ${id}`,
  serverId: "s",
  parentId: "c",
  starterMessageId: `m${id}`,
  createdById: "u",
  archived: false,
  archivedAt: null,
  locked: false,
  autoArchiveMinutes: 1440,
  lastMessagedAt: Number(id),
  createdAt: 1,
  ...changes,
});

beforeEach(() => useThreadsStore.setState({ threads: {}, followed: {}, panel: null }));

describe("threads store", () => {
  it("keeps a channel's threads newest activity first, archived ones apart", () => {
    rememberThreads([thread("1"), thread("3"), thread("2", { archived: true, archivedAt: 5 }), thread("4", { parentId: "other" })]);
    const { threads } = useThreadsStore.getState();
    expect(threadsOf(threads, "c", false).map((t) => t.id)).toEqual(["3", "1"]);
    expect(threadsOf(threads, "c", true).map((t) => t.id)).toEqual(["2"]);
    expect(threadOfMessage(threads, "m3")?.id).toBe("3");
  });

  it("counts unread messages and mentions of followed threads only, and clears them when read", () => {
    const followed: FollowedThread = { ...thread("1"), unread: false, mentionCount: 0 };
    followedLoaded({ "1": 2 }, [followed]);
    expect(useThreadsStore.getState().followed["1"]).toEqual({ unread: true, mentions: 2 });
    followedMessage("1", true);
    followedMessage("9", true); // not followed: nothing
    expect(useThreadsStore.getState().followed).toEqual({ "1": { unread: true, mentions: 3 } });
    threadRead("1");
    expect(useThreadsStore.getState().followed["1"]).toEqual({ unread: false, mentions: 0 });
    setFollowed("1", false);
    expect(useThreadsStore.getState().followed).toEqual({});
    expect(useThreadsStore.getState().threads["1"]?.following).toBe(false);
  });

  it("closes the panel of a deleted thread", () => {
    rememberThreads([thread("1")]);
    openPanel({ kind: "thread", threadId: "1" });
    forgetThread("1");
    expect(useThreadsStore.getState()).toMatchObject({ threads: {}, panel: null });
  });

  it("suggests a name from the message's words, without markup", () => {
    expect(suggestedName("hey [@:123] shall we   plan the trip?")).toBe("hey shall we plan the trip?");
    expect(suggestedName("x".repeat(60))).toHaveLength(40);
  });
});
