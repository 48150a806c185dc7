import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { t } from "../../i18n/i18n";
import "./contextMenu.css";

/** How an entry was chosen: Shift held (e.g. delete without asking). */
export interface ContextMenuChoice {
  shiftKey: boolean;
}

export interface ContextMenuItem {
  label: string;
  /** Tells entries apart when two may share a label (e.g. roles of the same name); the label otherwise. */
  id?: string;
  onSelect?: (choice: ContextMenuChoice) => void;
  danger?: boolean;
  /** A checkbox entry: choosing it toggles the tick and leaves the menu open. */
  checked?: boolean;
  /** Entries shown instead of the menu's, with a way back, when this one is chosen. */
  submenu?: () => ContextMenuItem[];
  testId?: string;
}

/** The menu's items, or a function that gives them when the menu opens (nothing is built before). */
export type ContextMenuItems = ContextMenuItem[] | (() => ContextMenuItem[]);

/** The menu closes this long after a choice or an outside press (spec §9). */
const CONTEXT_MENU_CLOSE_DELAY_MS = 10;
const VIEWPORT_MARGIN_PX = 8;

interface ContextMenuProps {
  x: number;
  y: number;
  items: ContextMenuItems;
  /** Drawn above the entries (e.g. a row of quick reactions); its buttons with a menuitem role join the arrow keys. */
  header?: (close: () => void) => ReactNode;
  onClose: () => void;
}

const keyOf = (item: ContextMenuItem) => item.id ?? item.label;

const menuItemsOf = (menu: HTMLElement | null): HTMLElement[] => (menu ? [...menu.querySelectorAll<HTMLElement>("[role^='menuitem']")] : []);

/** Arrow keys, Home and End move between the entries (wrapping); Escape and Tab close the menu. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>, menu: HTMLElement | null, close: () => void): void {
  const entries = menuItemsOf(menu);
  const current = entries.indexOf(document.activeElement as HTMLElement);
  const targets: Record<string, number> = {
    ArrowDown: (current + 1) % entries.length,
    ArrowUp: (current - 1 + entries.length) % entries.length,
    Home: 0,
    End: entries.length - 1,
  };
  const next = targets[event.key];
  if (next !== undefined && entries.length) {
    event.preventDefault();
    entries[next]!.focus();
  } else if (event.key === "Tab" || event.key === "Escape") {
    // Escape is handled here too: the key stops at the menu, so the document never hears it.
    event.preventDefault();
    close();
  }
}

export function ContextMenu({ x, y, items, header, onClose }: ContextMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: x, top: y });
  /** The submenu shown, by its entry's key; null for the menu itself. */
  const [submenuOf, setSubmenuOf] = useState<string | null>(null);
  /** Ticks toggled while the menu is open, by entry key (what the entry said when it opened is the start). */
  const [ticks, setTicks] = useState<Record<string, boolean>>({});

  const topItems = typeof items === "function" ? items() : items;
  const parent = submenuOf === null ? undefined : topItems.find((item) => keyOf(item) === submenuOf);
  const shown = parent?.submenu ? parent.submenu() : topItems;

  useLayoutEffect(() => {
    const { offsetWidth, offsetHeight } = menu.current!;
    // Right to left, the menu grows leftwards from the point, as the text does.
    const start = document.documentElement.dir === "rtl" ? x - offsetWidth : x;
    setPosition({
      left: Math.max(VIEWPORT_MARGIN_PX, Math.min(start, window.innerWidth - offsetWidth - VIEWPORT_MARGIN_PX)),
      top: Math.max(VIEWPORT_MARGIN_PX, Math.min(y, window.innerHeight - offsetHeight - VIEWPORT_MARGIN_PX)),
    });
    const entries = menuItemsOf(menu.current);
    // In a submenu the first entry is "Back": start on the one after it.
    entries[submenuOf === null ? 0 : Math.min(1, entries.length - 1)]?.focus();
  }, [x, y, submenuOf]);

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

  const closeSoon = () => setTimeout(onClose, CONTEXT_MENU_CLOSE_DELAY_MS);
  const isTicked = (item: ContextMenuItem) => ticks[keyOf(item)] ?? item.checked;
  const select = (item: ContextMenuItem, choice: ContextMenuChoice) => {
    if (item.submenu) {
      setSubmenuOf(keyOf(item));
      return;
    }
    item.onSelect?.(choice);
    if (item.checked === undefined) closeSoon();
    else setTicks((current) => ({ ...current, [keyOf(item)]: !isTicked(item) }));
  };

  return createPortal(
    <div
      ref={menu}
      className="context-menu"
      role="menu"
      aria-label={parent?.label}
      style={position}
      // React passes a portal's events to its parents: a menu inside a message or a button must not reach them.
      onClick={(event) => event.stopPropagation()}
      onContextMenu={(event) => {
        event.preventDefault();
        event.stopPropagation();
      }}
      onTouchStart={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        moveFocus(event, menu.current, onClose);
      }}
    >
      {submenuOf === null && header?.(closeSoon)}
      {parent && (
        <button type="button" role="menuitem" className="context-menu__item context-menu__item--back" onClick={() => setSubmenuOf(null)}>
          <span className="context-menu__chevron" aria-hidden="true">
            ‹
          </span>
          {t("contextMenu.back")}
        </button>
      )}
      {shown.map((item) => (
        <button
          key={keyOf(item)}
          type="button"
          role={item.checked === undefined ? "menuitem" : "menuitemcheckbox"}
          aria-checked={item.checked === undefined ? undefined : isTicked(item)}
          aria-haspopup={item.submenu ? "menu" : undefined}
          data-testid={item.testId}
          className={`context-menu__item${item.danger ? " context-menu__item--danger" : ""}`}
          onClick={(event) => select(item, { shiftKey: event.shiftKey })}
        >
          {item.checked !== undefined && <span className={`context-menu__tick${isTicked(item) ? " context-menu__tick--on" : ""}`} aria-hidden="true" />}
          <span className="context-menu__label">{item.label}</span>
          {item.submenu && (
            <span className="context-menu__chevron" aria-hidden="true">
              ›
            </span>
          )}
        </button>
      ))}
    </div>,
    document.body,
  );
}
