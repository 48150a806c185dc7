/**
 * A jump (`scrollToKey`) must hold when items arrive before the browser has reported the jump's
 * scroll: opening a search result loads the page around the message, the list (still near its
 * end, the page being short) asks for the newer page at once, and on a busy machine that page
 * can land before the next frame delivers the scroll event. jsdom lays nothing out and delivers
 * no scroll events, so the geometry below is the browser's between two frames.
 */
import { act, cleanup, render } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChatList, type ChatListHandle } from "./ChatList";

const ROW = 50;
const VIEWPORT = 600;

function keys(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `m${index}`);
}

function list(items: string[], handle: React.Ref<ChatListHandle>) {
  return (
    <ChatList
      items={items}
      getKey={(item) => item}
      renderItem={(item) => <p data-testid="row">{item}</p>}
      label="Messages"
      estimateSize={ROW}
      handleRef={handle}
    />
  );
}

function scroller(): HTMLElement {
  return document.querySelector(".chat-list") as HTMLElement;
}

/** The scroll container's size and content height, rows' heights, and `scrollTo` as a browser
 * does it between frames: the position changes at once, the scroll event comes later. */
function layOut(): void {
  const isList = (element: Element) => element.classList.contains("chat-list");
  const contentHeight = (element: Element) => parseFloat((element.firstElementChild as HTMLElement | null)?.style.height ?? "0") || 0;
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
    return isList(this) ? VIEWPORT : 0;
  });
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(function (this: HTMLElement) {
    return isList(this) ? 400 : 0;
  });
  vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
    return isList(this) ? contentHeight(this) : 0;
  });
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute("data-index") ? ROW : 0;
  });
  HTMLElement.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
    const top = typeof options === "object" ? (options.top ?? this.scrollTop) : this.scrollTop;
    this.scrollTop = Math.max(0, Math.min(top, this.scrollHeight - this.clientHeight));
  } as HTMLElement["scrollTo"];
}

beforeEach(layOut);
afterEach(() => {
  cleanup();
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
});

describe("ChatList jumps", () => {
  it("stays on the message jumped to when newer items arrive before the scroll is reported", () => {
    const handle = createRef<ChatListHandle>();
    const { rerender } = render(list(keys(50), handle));
    const element = scroller();
    act(() => void element.dispatchEvent(new Event("scroll"))); // opened at the end, and told so
    expect(element.scrollTop).toBe(50 * ROW - VIEWPORT);

    act(() => void handle.current!.scrollToKey("m1"));
    expect(element.scrollTop).toBe(0);
    rerender(list(keys(73), handle)); // the newer page, before the next frame's scroll event

    expect(element.scrollTop).toBe(0);
    expect(handle.current!.isAtEnd()).toBe(false);
    act(() => void element.dispatchEvent(new Event("scroll")));
    expect(element.scrollTop).toBe(0);
  });

  it("still follows new items while the reader is at the end", () => {
    const handle = createRef<ChatListHandle>();
    const { rerender } = render(list(keys(50), handle));
    const element = scroller();
    act(() => void element.dispatchEvent(new Event("scroll")));

    rerender(list(keys(51), handle));

    expect(element.scrollTop).toBe(51 * ROW - VIEWPORT);
    expect(handle.current!.isAtEnd()).toBe(true);
  });

  it("does not follow new items once the reader has scrolled up", () => {
    const handle = createRef<ChatListHandle>();
    const { rerender } = render(list(keys(50), handle));
    const element = scroller();
    act(() => {
      element.scrollTop = 300;
      element.dispatchEvent(new Event("scroll"));
    });

    rerender(list(keys(51), handle));

    expect(element.scrollTop).toBe(300);
  });
});
