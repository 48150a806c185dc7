import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { setSelfUser } from "@hearth/stores/selfUserStore";
import enGb from "./en-gb.json";
import { PostItem } from "./PostItem";
import { usePostStore } from "./postStore";
import type { Post } from "./types";

const author = { id: "1", username: "ann", tag: "A000" };
const post: Post = { id: "5", createdBy: author, content: "hello", createdAt: 0, _count: { likedBy: 0, comments: 0, reposts: 0 } } as Post;
/** Where the "More" button sits on the screen (jsdom lays nothing out). */
const MORE_BOX = { left: 300, right: 332, top: 40, bottom: 72, width: 32, height: 32, x: 300, y: 40 };

function showPost(pinned = false) {
  render(
    <MemoryRouter>
      <PostItem postId={post.id} pinned={pinned} />
    </MemoryRouter>,
  );
  const more = screen.getByRole("button", { name: "More" });
  vi.spyOn(more, "getBoundingClientRect").mockReturnValue({ ...MORE_BOX, toJSON: () => MORE_BOX } as DOMRect);
  return more;
}

const menuAt = () => {
  const menu = screen.getByRole("menu");
  return { left: menu.style.left, top: menu.style.top };
};

beforeEach(() => {
  registerTranslations("en-gb", "posts", enGb);
  setSelfUser({ ...author, badges: 0 }, null);
  usePostStore.setState({ posts: { [post.id]: post }, lists: {} });
});
afterEach(() => {
  cleanup();
  document.documentElement.dir = "ltr";
});

describe("a post's More menu", () => {
  it("opens under the button at its start edge when clicked", () => {
    const more = showPost();
    expect(more.getAttribute("aria-haspopup")).toBe("menu");
    fireEvent.click(more);
    expect(menuAt()).toEqual({ left: "300px", top: "72px" });
    expect(screen.getByRole("menuitem", { name: "Copy link" })).toBe(document.activeElement);
  });

  it("opens at the same place from the keyboard (the Menu key on the focused button), and gives the focus back", () => {
    const more = showPost();
    more.focus();
    fireEvent.keyDown(more, { key: "ContextMenu" });
    expect(menuAt()).toEqual({ left: "300px", top: "72px" });
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(more);
  });

  it("grows from the button's right edge, right to left", () => {
    document.documentElement.dir = "rtl";
    fireEvent.click(showPost());
    // The menu measures 0 px wide in jsdom: its start (right) edge is the button's right edge.
    expect(menuAt()).toEqual({ left: "332px", top: "72px" });
  });

  it("opens the pinned post's own menu at the same place", () => {
    fireEvent.click(showPost(true));
    expect(menuAt()).toEqual({ left: "300px", top: "72px" });
    expect(screen.getByRole("menuitem", { name: "Unpin from profile" })).toBeTruthy();
  });
});
