import { beforeEach, describe, expect, it } from "vitest";
import { forumSocketHandlers, showPosts, useForumsStore } from "./forumsStore";
import type { ForumPost } from "./types";

const post = (id: string, changes: Partial<ForumPost> = {}): ForumPost => ({
  id,
  title: `post ${id}`,
  serverId: "s",
  parentId: "f",
  createdById: "u",
  archived: false,
  locked: false,
  lastMessagedAt: 1,
  createdAt: 1,
  tagIds: [],
  excerpt: null,
  firstMessageId: null,
  sharedPostId: null,
  ...changes,
});

beforeEach(() => useForumsStore.setState({ forums: {}, posts: {} }));

describe("forums store", () => {
  it("keeps the settings the socket sends", () => {
    const forum = { channelId: "f", serverId: "s", guidelines: "Be kind", defaultSort: "activity" as const, tags: [{ id: "t", name: "bug", moderated: false }] };
    forumSocketHandlers["forum:updated"]({ channelId: "f", forum });
    expect(useForumsStore.getState().forums.f).toEqual(forum);
  });

  it("puts a new post first in a list on screen, once, and leaves other forums alone", () => {
    showPosts("f", [post("1")], false);
    forumSocketHandlers["forum:post_created"]({ channelId: "f", post: post("2") });
    forumSocketHandlers["forum:post_created"]({ channelId: "f", post: post("2") });
    forumSocketHandlers["forum:post_created"]({ channelId: "other", post: post("3") });
    expect(useForumsStore.getState().posts.f?.map((item) => item.id)).toEqual(["2", "1"]);
    expect(useForumsStore.getState().posts.other).toBeUndefined();
  });

  it("applies a post's changes (tags, shared)", () => {
    showPosts("f", [post("1"), post("2")], false);
    forumSocketHandlers["forum:post_updated"]({ channelId: "f", postId: "2", updated: { tagIds: ["t"], sharedPostId: "p" } });
    const [first, second] = useForumsStore.getState().posts.f ?? [];
    expect(first?.tagIds).toEqual([]);
    expect(second).toMatchObject({ tagIds: ["t"], sharedPostId: "p" });
  });
});
