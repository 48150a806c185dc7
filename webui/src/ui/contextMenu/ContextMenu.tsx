import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import "./contextMenu.css";

export interface ContextMenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** The menu closes this long after a choice or an outside press (spec §9). */
const CONTEXT_MENU_CLOSE_DELAY_MS = 10;
const VIEWPORT_MARGIN_PX = 8;

interface ContextMenuProps {
  x: number;
  y: number;
  items: ContextMenuItem[];
  onClose: () => void;
}

const menuItemsOf = (menu: HTMLElement | null): HTMLElement[] => (menu ? [...menu.querySelectorAll<HTMLElement>("[role^='menuitem']")] : []);

/** Arrow keys, Home and End move between the entries (wrapping); Escape and Tab close the menu. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>, menu: HTMLElement | null, close: () => void): void {
  const entries = menuItemsOf(menu);
  const current = entries.indexOf(document.activeElement as HTMLElement);
  const next = {
    ArrowDown: (current + 1) % entries.length,
    ArrowUp: (current - 1 + entries.length) % entries.length,
    Home: 0,
    End: entries.length - 1,
  }[event.key];
  if (next !== undefined && entries.length) {
    event.preventDefault();
    entries[next]!.focus();
  } else if (event.key === "Tab") {
    event.preventDefault();
    close();
  }
}

export function ContextMenu({ x, y, items, onClose }: ContextMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: x, top: y });

  useLayoutEffect(() => {
    const { offsetWidth, offsetHeight } = menu.current!;
    setPosition({
      left: Math.max(VIEWPORT_MARGIN_PX, Math.min(x, window.innerWidth - offsetWidth - VIEWPORT_MARGIN_PX)),
      top: Math.max(VIEWPORT_MARGIN_PX, Math.min(y, window.innerHeight - offsetHeight - VIEWPORT_MARGIN_PX)),
    });
    menuItemsOf(menu.current)[0]?.focus();
  }, [x, y]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const closeSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(onClose, CONTEXT_MENU_CLOSE_DELAY_MS);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) closeSoon();
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") closeSoon();
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("keydown", onKeyDown);
    window.addEventListener("resize", closeSoon);
    window.addEventListener("blur", closeSoon);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("resize", closeSoon);
      window.removeEventListener("blur", closeSoon);
    };
  }, [onClose]);

  const select = (item: ContextMenuItem) => {
    item.onSelect();
    setTimeout(onClose, CONTEXT_MENU_CLOSE_DELAY_MS);
  };

  return createPortal(
    <div ref={menu} className="context-menu" role="menu" style={position} onKeyDown={(event) => moveFocus(event, menu.current, onClose)}>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          className={`context-menu__item${item.danger ? " context-menu__item--danger" : ""}`}
          onClick={() => select(item)}
        >
          {item.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}
