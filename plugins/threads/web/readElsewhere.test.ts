// @vitest-environment jsdom
import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { afterEach, expect, it, vi } from "vitest";
import { markChannelRead } from "../../messages/web/public";
import { receiveDismissed } from "../../messages/web/testData";
import threads from "./index";
import { followedLoaded, followedMessage, useThreadsStore } from "./threadsStore";
import type { FollowedThread } from "./types";

vi.mock("@hearth/socket/socketClient", () => ({ emitSocketEvent: vi.fn() }));

const followed = { id: "t1", type: 11, name: "plans", serverId: "s", parentId: "c", unread: false, mentionCount: 0 } as unknown as FollowedThread;

afterEach(() => clearSlots());

it("clears a followed thread that another device read, not one whose own read's echo comes after a reply", () => {
  fillSlots(threads.slots ?? []);
  followedLoaded({}, [followed]);
  markChannelRead("t1"); // read here: its echo is this client's own
  followedMessage("t1", false); // a reply before the echo
  receiveDismissed("t1");
  expect(useThreadsStore.getState().followed.t1).toEqual({ unread: true, mentions: 0 });
  receiveDismissed("t1"); // another device's read
  expect(useThreadsStore.getState().followed.t1).toEqual({ unread: false, mentions: 0 });
});
