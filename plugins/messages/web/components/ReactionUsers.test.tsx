import { registerTranslations } from "@hearth/i18n/i18n";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import enGb from "../en-gb.json";
import { bob, message } from "../store/testUtils";
import { clearReactionUsersCache, HOVER_DELAY_MS, ReactionUsersHover } from "./ReactionUsers";

const api = vi.hoisted(() => ({ fetchReactionUsers: vi.fn() }));
vi.mock("../searchApi", () => api);

registerTranslations("en-gb", "messages", enGb);

const reaction = { name: "👍", emojiId: null, count: 3, reacted: false };
const target = message({ id: "m1", channelId: "c1", reactions: [reaction] });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

beforeEach(() => {
  vi.useFakeTimers();
  api.fetchReactionUsers.mockReset();
  clearReactionUsersCache();
  render(
    <ReactionUsersHover message={target} reaction={reaction}>
      <button type="button">👍 3</button>
    </ReactionUsersHover>,
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("who reacted", () => {
  it("shows a loading state on hover, then the users and how many more", async () => {
    const users = deferred<unknown>();
    api.fetchReactionUsers.mockReturnValue(users.promise);
    fireEvent.mouseEnter(screen.getByRole("button").parentElement!);
    expect(screen.queryByTestId("reaction-users")).toBeNull();
    act(() => vi.advanceTimersByTime(HOVER_DELAY_MS));
    expect(screen.getByRole("tooltip").textContent).toContain("Loading…");
    expect(api.fetchReactionUsers).toHaveBeenCalledWith("c1", "m1", "👍", null, 10);
    await act(async () => users.resolve([{ user: bob, reactedAt: 1 }]));
    const tooltip = screen.getByRole("tooltip");
    expect(tooltip.textContent).toContain("bob");
    expect(tooltip.textContent).toContain("and 2 more");
  });

  it("a quick pass of the pointer loads nothing", () => {
    const wrap = screen.getByRole("button").parentElement!;
    fireEvent.mouseEnter(wrap);
    act(() => vi.advanceTimersByTime(HOVER_DELAY_MS / 2));
    fireEvent.mouseLeave(wrap);
    act(() => vi.advanceTimersByTime(HOVER_DELAY_MS));
    expect(api.fetchReactionUsers).not.toHaveBeenCalled();
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("a long press on touch opens it too", async () => {
    api.fetchReactionUsers.mockResolvedValue([{ user: bob, reactedAt: 1 }]);
    fireEvent.touchStart(screen.getByRole("button").parentElement!, { touches: [{ clientX: 5, clientY: 5 }] });
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByRole("tooltip").textContent).toContain("bob");
  });
});
