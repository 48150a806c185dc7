import { useCallback, useMemo, useState, type MouseEvent, type TouchEvent } from "react";
import { ContextMenu, type ContextMenuItem } from "./ContextMenu";
import { createLongPress } from "./longPress";

/**
 * Gives an element a context menu: right click on desktop, a 500 ms long press on touch.
 * Spread `triggerProps` on the element and render `menu` anywhere.
 */
export function useContextMenu(items: ContextMenuItem[]) {
  const [openAt, setOpenAt] = useState<{ x: number; y: number } | null>(null);
  const close = useCallback(() => setOpenAt(null), []);
  const longPress = useMemo(() => createLongPress(({ clientX, clientY }) => setOpenAt({ x: clientX, y: clientY })), []);

  const firstTouch = (event: TouchEvent) => event.touches[0] ?? event.changedTouches[0]!;

  const triggerProps = {
    onContextMenu: (event: MouseEvent) => {
      event.preventDefault();
      setOpenAt({ x: event.clientX, y: event.clientY });
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
