import { beforeEach, describe, expect, it, vi } from "vitest";
import { applyCounts, listKeys, loadMore, prependToList, rememberPosts, usePostStore } from "./postStore";
import type { Post } from "./types";

const api = vi.hoisted(() => ({
  fetchFeed: vi.fn(), fetchDiscover: vi.fn(), fetchComments: vi.fn(), fetchUserPosts: vi.fn(),
  fetchLikedPosts: vi.fn(), fetchPinnedPosts: vi.fn(), fetchAnnouncements: vi.fn(), fetchPost: vi.fn(),
}));
vi.mock("./api", () => api);

const author = { id: "1", username: "ann", tag: "A000" };
const post = (id: string, extra: Partial<Post> = {}): Post => ({
  id, createdBy: author, content: `post ${id}`, _count: { likedBy: 0, comments: 0, reposts: 0 }, ...extra,
});
const list = (key: string) => usePostStore.getState().lists[key]!;

beforeEach(() => usePostStore.setState({ posts: {}, lists: {} }));

describe("post lists", () => {
  it("pages the feed newest first with the last post as the cursor, until a page is empty", async () => {
    api.fetchFeed.mockResolvedValueOnce([post("9"), post("8")]).mockResolvedValueOnce([post("7")]).mockResolvedValueOnce([]);
    await loadMore(listKeys.feed);
    await loadMore(listKeys.feed);
    expect(api.fetchFeed).toHaveBeenLastCalledWith({ afterId: "8" });
    await loadMore(listKeys.feed);
    expect(list(listKeys.feed)).toMatchObject({ ids: ["9", "8", "7"], done: true, loading: false });
    await loadMore(listKeys.feed);
    expect(api.fetchFeed).toHaveBeenCalledTimes(3);
  });

  it("shows a sorted discover page most liked first and continues from its least liked post", async () => {
    // the server answers least liked first, like every list of the reference
    api.fetchDiscover.mockResolvedValueOnce([post("3"), post("2"), post("1")]).mockResolvedValueOnce([]);
    const key = listKeys.discover("mostLiked7Days");
    await loadMore(key);
    expect(list(key).ids).toEqual(["1", "2", "3"]);
    await loadMore(key);
    expect(api.fetchDiscover).toHaveBeenLastCalledWith("mostLiked7Days", { afterId: "3" });
  });

  it("keeps the error of a failed page and loads again on retry", async () => {
    api.fetchUserPosts.mockRejectedValueOnce({ message: "Slow down!" }).mockResolvedValueOnce([post("5"), post("6")]);
    const key = listKeys.userPosts("1", false);
    await loadMore(key);
    expect(list(key)).toMatchObject({ error: "Slow down!", ids: [] });
    await loadMore(key);
    expect(list(key)).toMatchObject({ error: null, ids: ["6", "5"] });
    expect(api.fetchUserPosts).toHaveBeenLastCalledWith("1", false, { afterId: undefined });
  });

  it("puts a new post on top of a list once", async () => {
    api.fetchFeed.mockResolvedValueOnce([post("2")]);
    await loadMore(listKeys.feed);
    prependToList(listKeys.feed, post("3"));
    prependToList(listKeys.feed, post("3"));
    expect(list(listKeys.feed).ids).toEqual(["3", "2"]);
  });
});

describe("the post cache", () => {
  it("keeps nested posts and does not let a nested copy drop what a full copy brought", () => {
    const parent = post("1", { commentTo: null, repost: null });
    rememberPosts([parent, post("2", { commentToId: "1", commentTo: post("1") })]);
    const cached = usePostStore.getState().posts;
    expect(cached["2"]!.commentTo!.id).toBe("1");
    expect("commentTo" in cached["1"]!).toBe(true);
  });

  it("applies live counts and poll results to a cached post", () => {
    rememberPosts([post("1", { poll: { id: "p", _count: { votedUsers: 0 }, votedUsers: [],
      choices: [{ id: "a", content: "tea", _count: { votedUsers: 0 } }, { id: "b", content: "coffee", _count: { votedUsers: 0 } }] } })]);
    applyCounts({ postId: "1", updated: { estimateLikes: 4, estimateReposts: 1, _count: { likedBy: 4, comments: 2, reposts: 1 },
      poll: { id: "p", _count: { votedUsers: 3 }, choices: [{ id: "a", _count: { votedUsers: 1 } }, { id: "b", _count: { votedUsers: 2 } }] } } });
    const updated = usePostStore.getState().posts["1"]!;
    expect(updated._count).toEqual({ likedBy: 4, comments: 2, reposts: 1 });
    expect(updated.poll!.choices.map((c) => [c.content, c._count.votedUsers])).toEqual([["tea", 1], ["coffee", 2]]);
    applyCounts({ postId: "unknown", updated: { estimateLikes: 1, estimateReposts: 0, _count: { likedBy: 1, comments: 0, reposts: 0 } } });
    expect(usePostStore.getState().posts.unknown).toBeUndefined();
  });
});
