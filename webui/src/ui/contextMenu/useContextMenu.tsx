import { useCallback, useMemo, useState, type KeyboardEvent, type MouseEvent, type TouchEvent } from "react";
import { ContextMenu, type ContextMenuItem } from "./ContextMenu";
import { createLongPress } from "./longPress";

/**
 * Gives an element a context menu: right click on desktop, a 500 ms long press on touch, and the
 * keyboard's ContextMenu key or Shift+F10 on the focused element. Spread `triggerProps` on the
 * element and render `menu` anywhere.
 */
export function useContextMenu(items: ContextMenuItem[]) {
  const [openAt, setOpenAt] = useState<{ x: number; y: number } | null>(null);
  const close = useCallback(() => setOpenAt(null), []);
  const longPress = useMemo(() => createLongPress(({ clientX, clientY }) => setOpenAt({ x: clientX, y: clientY })), []);

  const firstTouch = (event: TouchEvent) => event.touches[0] ?? event.changedTouches[0]!;

  const triggerProps = {
    onContextMenu: (event: MouseEvent) => {
      event.preventDefault();
      // A keyboard-made contextmenu event has no pointer position: open under the element instead.
      if (event.clientX === 0 && event.clientY === 0) setOpenAt(belowElement(event.currentTarget));
      else setOpenAt({ x: event.clientX, y: event.clientY });
    },
    onKeyDown: (event: KeyboardEvent) => {
      // Only on the trigger itself: a field inside it (a message being edited) keeps its own menu.
      if (event.target !== event.currentTarget || !isMenuKey(event)) return;
      event.preventDefault();
      setOpenAt(belowElement(event.currentTarget));
    },
    onTouchStart: (event: TouchEvent) => longPress.start(firstTouch(event)),
    onTouchMove: (event: TouchEvent) => longPress.move(firstTouch(event)),
    onTouchEnd: longPress.cancel,
    onTouchCancel: longPress.cancel,
  };

  const menu = openAt ? <ContextMenu x={openAt.x} y={openAt.y} items={items} onClose={close} /> : null;
  /** Opens the menu at a point, e.g. under a "More" button. */
  const openMenu = useCallback((x: number, y: number) => setOpenAt({ x, y }), []);
  return { triggerProps, menu, openMenu };
}

/** The ContextMenu key, or Shift+F10 (the usual keyboard ways to ask for a context menu). */
export function isMenuKey(event: Pick<KeyboardEvent, "key" | "shiftKey">): boolean {
  return event.key === "ContextMenu" || (event.shiftKey && event.key === "F10");
}

function belowElement(element: Element): { x: number; y: number } {
  const rect = element.getBoundingClientRect();
  return { x: rect.left, y: rect.bottom };
}
