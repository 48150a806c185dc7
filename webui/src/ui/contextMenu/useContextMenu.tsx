import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type TouchEvent } from "react";
import { ContextMenu, type ContextMenuItems } from "./ContextMenu";
import { createLongPress } from "./longPress";

/** The keys that open a context menu from the keyboard: the Menu key, and Shift+F10. */
export function isContextMenuKey(event: Pick<KeyboardEvent, "key" | "shiftKey">): boolean {
  return event.key === "ContextMenu" || (event.shiftKey && event.key === "F10");
}

/** Where a menu opened from an element starts: under it, at its start edge (the right one, right to left). */
export function menuPointUnder(element: Element, gap = 0): { x: number; y: number } {
  const rect = element.getBoundingClientRect();
  return { x: document.documentElement.dir === "rtl" ? rect.right : rect.left, y: rect.bottom + gap };
}

/**
 * Gives an element a context menu: right click on desktop, a 500 ms long press on touch, the
 * Menu key or Shift+F10 when it has focus. Spread `triggerProps` on the element and render
 * `menu` anywhere. Closing gives the focus back to what had it when the menu opened.
 */
export function useContextMenu(items: ContextMenuItems, options: { header?: (close: () => void) => ReactNode } = {}) {
  const [openAt, setOpenAt] = useState<{ x: number; y: number } | null>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const open = useCallback((x: number, y: number) => {
    if (document.activeElement instanceof HTMLElement && !document.activeElement.closest(".context-menu")) returnFocusTo.current = document.activeElement;
    setOpenAt({ x, y });
  }, []);
  const close = useCallback(() => {
    setOpenAt(null);
    // Only when the choice did not move the focus on (a dialog it opened keeps it).
    const focus = document.activeElement;
    if (!focus || focus === document.body || focus.closest(".context-menu")) returnFocusTo.current?.focus();
  }, []);
  const longPress = useMemo(() => createLongPress(({ clientX, clientY }) => open(clientX, clientY)), [open]);

  const firstTouch = (event: TouchEvent) => event.touches[0] ?? event.changedTouches[0]!;
  const openAtElement = (element: Element) => {
    const { x, y } = menuPointUnder(element);
    open(x, y);
  };

  const triggerProps = {
    // Stopped here so that a trigger inside another (an author's name in a message) opens only its own menu.
    onContextMenu: (event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation();
      // The Menu key also sends a contextmenu event, with no pointer position.
      if (event.button === -1 || (event.clientX === 0 && event.clientY === 0)) openAtElement(event.target as Element);
      else open(event.clientX, event.clientY);
    },
    onKeyDown: (event: KeyboardEvent) => {
      // A field inside the trigger (a message being edited) keeps the key for its own menu.
      if (!isContextMenuKey(event) || (event.target !== event.currentTarget && isTextField(event.target as Element))) return;
      event.preventDefault();
      event.stopPropagation();
      openAtElement(event.target as Element);
    },
    onTouchStart: (event: TouchEvent) => {
      event.stopPropagation();
      longPress.start(firstTouch(event));
    },
    onTouchMove: (event: TouchEvent) => longPress.move(firstTouch(event)),
    onTouchEnd: (event: TouchEvent) => {
      if (longPress.end()) event.preventDefault();
    },
    onTouchCancel: longPress.cancel,
  };

  const menu = openAt ? <ContextMenu x={openAt.x} y={openAt.y} items={items} header={options.header} onClose={close} /> : null;
  /** Opens the menu at a point, e.g. under a "More" button. */
  const openMenu = open;
  return { triggerProps, menu, openMenu };
}

function isTextField(element: Element): boolean {
  return element.matches("input, textarea, select, [contenteditable=''], [contenteditable='true']");
}
