/**
 * The element that scrolls `element` into view: its nearest ancestor whose content scrolls
 * vertically, else the page. A list virtualised inside a pane it does not own (the right drawer,
 * a page) follows that pane's scrolling.
 */
export function scrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === "auto" || overflowY === "scroll" || overflowY === "overlay") return node;
  }
  return (document.scrollingElement as HTMLElement | null) ?? null;
}

/** Where `element` starts within `scroller`'s scrolled content, in pixels. */
export function offsetWithin(element: HTMLElement, scroller: HTMLElement): number {
  return Math.round(element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop);
}
