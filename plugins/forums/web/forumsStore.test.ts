import { beforeEach, describe, expect, it, vi } from "vitest";
import { getPost } from "./forumsApi";
import { forumSocketHandlers, rememberOpened, showPosts, sortedPosts, useForumsStore, watchList, type ListView } from "./forumsStore";
import type { ForumPost } from "./types";

vi.mock("./forumsApi", () => ({ getPost: vi.fn() }));

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

beforeEach(() => {
  useForumsStore.setState({ forums: {}, posts: {}, views: {}, opened: {}, deleted: {} });
  vi.mocked(getPost).mockReset();
});

const order = (sort: "activity" | "created") => sortedPosts(useForumsStore.getState().posts.f ?? [], sort).map((item) => item.id);

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

  it("moves a post with a new reply to the top of latest activity, not of newest first", () => {
    showPosts("f", [post("3", { lastMessagedAt: 30, createdAt: 30 }), post("2", { lastMessagedAt: 20, createdAt: 20 }), post("1", { lastMessagedAt: 10, createdAt: 10 })], false);
    expect(order("activity")).toEqual(["3", "2", "1"]);
    forumSocketHandlers["message:created"]({ message: { channelId: "1", createdAt: 40 } as never });
    expect(order("activity")).toEqual(["1", "3", "2"]);
    expect(order("created")).toEqual(["3", "2", "1"]);
    // a message elsewhere (a channel, another forum's post) changes nothing here
    forumSocketHandlers["message:created"]({ message: { channelId: "elsewhere", createdAt: 50 } as never });
    expect(order("activity")).toEqual(["1", "3", "2"]);
  });

  it("orders equal times by the newest id, as the server does", () => {
    showPosts("f", [post("99", { lastMessagedAt: 5 }), post("100", { lastMessagedAt: 5 })], false);
    expect(order("activity")).toEqual(["100", "99"]);
  });

  it("wakes an archived post that gets a reply", () => {
    showPosts("f", [post("1", { archived: true })], false);
    forumSocketHandlers["message:created"]({ message: { channelId: "1", createdAt: 40 } as never });
    expect(useForumsStore.getState().posts.f?.[0]).toMatchObject({ archived: false, lastMessagedAt: 40 });
  });

  it("follows a post's rename, archive and lock, in the list and in the opened post", () => {
    showPosts("f", [post("1")], false);
    rememberOpened(post("1"));
    forumSocketHandlers["thread:updated"]({ threadId: "1", channelId: "f", updated: { name: "Renamed", locked: true, archived: true } });
    expect(useForumsStore.getState().posts.f?.[0]).toMatchObject({ title: "Renamed", locked: true, archived: true });
    expect(useForumsStore.getState().opened["1"]).toMatchObject({ title: "Renamed", locked: true });
    forumSocketHandlers["forum:post_updated"]({ channelId: "f", postId: "1", updated: { tagIds: ["t"] } });
    expect(useForumsStore.getState().opened["1"]?.tagIds).toEqual(["t"]);
  });

  it("drops a deleted post from the list", () => {
    showPosts("f", [post("1"), post("2")], false);
    forumSocketHandlers["thread:deleted"]({ threadId: "1", channelId: "f" });
    expect(useForumsStore.getState().posts.f?.map((item) => item.id)).toEqual(["2"]);
  });

  describe("a reply to a post the list has not loaded", () => {
    const view = (changes: Partial<ListView> = {}): ListView => ({ sort: "activity", tag: null, query: "", hasMore: true, ...changes });
    const loaded = () => showPosts("f", [post("3", { lastMessagedAt: 30, createdAt: 30 }), post("2", { lastMessagedAt: 20, createdAt: 20 })], false);
    const reply = async (postId: string, createdAt: number, parentId: string | null = "f") => {
      forumSocketHandlers["message:created"]({ message: { channelId: postId, createdAt } as never, parentId: parentId ?? undefined });
      await new Promise((resolve) => setTimeout(resolve)); // the mocked fetch and its handlers settle first (microtasks)
    };
    const ids = () => useForumsStore.getState().posts.f?.map((item) => item.id);

    it("fetches it and shows it first under latest activity, with the reply's time", async () => {
      loaded();
      watchList("f", view());
      vi.mocked(getPost).mockResolvedValue(post("1", { lastMessagedAt: 10, createdAt: 10 }));
      await reply("1", 40);
      expect(getPost).toHaveBeenCalledWith("1");
      expect(ids()).toEqual(["1", "3", "2"]);
      expect(useForumsStore.getState().posts.f?.[0]?.lastMessagedAt).toBe(40);
    });

    it("leaves it out when the tag filter or the search would", async () => {
      loaded();
      watchList("f", view({ tag: "bug" }));
      vi.mocked(getPost).mockResolvedValue(post("1", { title: "Printer", tagIds: ["other"], lastMessagedAt: 40 }));
      await reply("1", 40);
      expect(ids()).toEqual(["3", "2"]);
      watchList("f", view({ query: "scanner" }));
      vi.mocked(getPost).mockResolvedValue(post("4", { title: "Printer", lastMessagedAt: 41 }));
      await reply("4", 41);
      expect(ids()).toEqual(["3", "2"]);
      watchList("f", view({ tag: "bug", query: "PRINT" }));
      vi.mocked(getPost).mockResolvedValue(post("5", { title: "A printer fire", tagIds: ["bug"], lastMessagedAt: 42 }));
      await reply("5", 42);
      expect(ids()).toEqual(["5", "3", "2"]);
    });

    it("does not bring back a post deleted while it was being fetched", async () => {
      loaded();
      watchList("f", view());
      let answer: (found: ForumPost) => void = () => undefined;
      vi.mocked(getPost).mockReturnValue(new Promise((resolve) => (answer = resolve)));
      await reply("7", 40); // its first message came before forum:post_created: fetched
      forumSocketHandlers["forum:post_created"]({ channelId: "f", post: post("7", { lastMessagedAt: 40 }) });
      forumSocketHandlers["thread:deleted"]({ threadId: "7", channelId: "f" });
      answer(post("7", { lastMessagedAt: 40 }));
      await new Promise((resolve) => setTimeout(resolve));
      expect(ids()).toEqual(["3", "2"]);
    });

    it("under newest first, shows it only where the loaded pages reach", async () => {
      loaded();
      watchList("f", view({ sort: "created" }));
      vi.mocked(getPost).mockResolvedValue(post("1", { createdAt: 10, lastMessagedAt: 40 }));
      await reply("1", 40);
      expect(ids()).toEqual(["3", "2"]); // it belongs to a page not loaded: "Load more" brings it
      watchList("f", view({ sort: "created", hasMore: false }));
      await reply("1", 41);
      expect(ids()).toEqual(["3", "2", "1"]);
    });

    it("asks nothing for a forum not on screen, a channel's message, or a post already held", async () => {
      loaded();
      await reply("1", 40); // no list on screen
      watchList("f", view());
      await reply("9", 40, null); // a message of a channel, not a thread
      await reply("8", 40, "another-forum");
      await reply("2", 40);
      expect(getPost).not.toHaveBeenCalled();
      expect(ids()).toEqual(["3", "2"]);
    });

    it("fetches once for replies that arrive together, with the last one's time", async () => {
      loaded();
      watchList("f", view());
      vi.mocked(getPost).mockResolvedValue(post("1", { lastMessagedAt: 10, createdAt: 10 }));
      forumSocketHandlers["message:created"]({ message: { channelId: "1", createdAt: 40 } as never, parentId: "f" });
      await reply("1", 45);
      expect(getPost).toHaveBeenCalledTimes(1);
      expect(useForumsStore.getState().posts.f?.[0]).toMatchObject({ id: "1", lastMessagedAt: 45 });
    });

    it("fetches once for replies that arrive together, and a failed fetch changes nothing", async () => {
      loaded();
      watchList("f", view());
      vi.mocked(getPost).mockRejectedValue(new Error("gone"));
      forumSocketHandlers["message:created"]({ message: { channelId: "1", createdAt: 40 } as never, parentId: "f" });
      await reply("1", 41);
      expect(getPost).toHaveBeenCalledTimes(1);
      expect(ids()).toEqual(["3", "2"]);
    });

    it("a post renamed or retagged into the search or tag filter on screen joins the list", async () => {
      showPosts("f", [post("3", { lastMessagedAt: 30, title: "printer 3", tagIds: ["bug"] })], false);
      watchList("f", view({ tag: "bug", hasMore: false }));
      vi.mocked(getPost).mockResolvedValue(post("1", { lastMessagedAt: 10, title: "printer 1", tagIds: ["bug"] }));
      forumSocketHandlers["forum:post_updated"]({ channelId: "f", postId: "1", updated: { tagIds: ["bug"] } });
      await new Promise((resolve) => setTimeout(resolve));
      expect(ids()).toEqual(["3", "1"]);
      watchList("f", view({ query: "printer", hasMore: false }));
      vi.mocked(getPost).mockResolvedValue(post("2", { lastMessagedAt: 20, title: "printer 2" }));
      forumSocketHandlers["thread:updated"]({ threadId: "2", channelId: "f", updated: { name: "printer 2" } });
      await new Promise((resolve) => setTimeout(resolve));
      expect(ids()).toEqual(["3", "2", "1"]);
      // without a filter nothing can newly match: an unloaded post stays for its page
      watchList("f", view());
      forumSocketHandlers["thread:updated"]({ threadId: "4", channelId: "f", updated: { name: "x" } });
      expect(getPost).toHaveBeenCalledTimes(2);
    });

    it("keeps one copy when a later page brings a post shown live", () => {
      loaded();
      showPosts("f", [post("2", { lastMessagedAt: 20 }), post("1", { lastMessagedAt: 10 })], true);
      expect(ids()).toEqual(["3", "2", "1"]);
    });
  });
});
