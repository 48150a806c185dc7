import { beforeEach, describe, expect, it, vi } from "vitest";
import { isFollowing, loadProfile, setFollowing, useProfileStore } from "./profileStore";

const api = vi.hoisted(() => ({ fetchUserDetails: vi.fn(), followUser: vi.fn(), unfollowUser: vi.fn() }));
vi.mock("./socialApi", () => api);

beforeEach(() => {
  useProfileStore.setState({ profiles: {} });
  api.fetchUserDetails.mockResolvedValue({ block: false, user: { id: "7", username: "gil", tag: "G000", followers: [], _count: { followers: 2 } } });
});

describe("profiles", () => {
  it("loads a profile and follows, counting the new follower", async () => {
    await loadProfile("7");
    const entry = () => useProfileStore.getState().profiles["7"]!;
    expect(isFollowing(entry().details)).toBe(false);
    api.followUser.mockResolvedValueOnce({ status: true });
    await setFollowing("7", true);
    expect(isFollowing(entry().details)).toBe(true);
    expect(entry().details!.user._count!.followers).toBe(3);
    await setFollowing("7", false);
    expect(entry().details!.user._count!.followers).toBe(2);
  });

  it("keeps the error of a failed load", async () => {
    api.fetchUserDetails.mockRejectedValueOnce({ message: "User not found.", path: "user" });
    await loadProfile("8");
    expect(useProfileStore.getState().profiles["8"]).toMatchObject({ error: "User not found.", loading: false });
  });
});
