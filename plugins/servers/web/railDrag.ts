/**
 * Dragging in the server rail, shared by the mouse (HTML5 drag and drop) and touch: where over an
 * entry the pointer is, what drop that means, and the touch gesture itself — a long press lifts
 * the entry, moving the finger drags it, lifting the finger drops it; a long press released
 * without moving opens the entry's context menu instead (touch has no right click).
 */
import { LONG_PRESS_MS } from "@hearth/ui/contextMenu/longPress";
import type { RailDragSource, RailDropTarget } from "./serverOrder";

export type Zone = "before" | "middle" | "after";

/** A rail entry the pointer can be over: a server (top level, or inside `folderId`) or a folder. */
export type RailEntry = { kind: "server"; id: string; folderId?: string } | { kind: "folder"; id: string };

/** The top or bottom quarter of an entry, else the middle. */
export function zoneOf(rect: { top: number; height: number }, clientY: number): Zone {
  const offset = (clientY - rect.top) / Math.max(1, rect.height);
  if (offset < 0.25) return "before";
  if (offset > 0.75) return "after";
  return "middle";
}

/**
 * The drop meant by the pointer in `zone` of `entry` while `source` is dragged: the middle of a
 * top-level server merges two servers into a folder, the middle of a folder puts a server into it,
 * otherwise the dragged entry goes before or after.
 */
export function dropTargetFor(entry: RailEntry, zone: Zone, source: RailDragSource | null): RailDropTarget {
  if (entry.kind === "folder") {
    if (zone === "middle" && source?.kind === "server") return { kind: "into", folderId: entry.id };
    return { kind: zone === "middle" ? "before" : zone, id: entry.id };
  }
  if (zone === "middle" && !entry.folderId && source?.kind === "server") return { kind: "merge", serverId: entry.id };
  if (zone === "middle") return { kind: "before", id: entry.id, folderId: entry.folderId };
  return { kind: zone, id: entry.id, folderId: entry.folderId };
}

/** Reads the entry an element of the rail stands for (`data-rail-kind`, `-id`, `-folder`). */
export function railEntryOf(element: Element | null): { entry: RailEntry; element: HTMLElement } | null {
  const found = element?.closest<HTMLElement>("[data-rail-kind]");
  if (!found) return null;
  const id = found.dataset.railId;
  if (!id) return null;
  if (found.dataset.railKind === "folder") return { entry: { kind: "folder", id }, element: found };
  return { entry: { kind: "server", id, folderId: found.dataset.railFolder || undefined }, element: found };
}

export interface Point {
  clientX: number;
  clientY: number;
}

/** Finger travel that, before the long press, means a scroll, and after it, a drag. */
export const TOUCH_MOVE_TOLERANCE_PX = 10;

export interface TouchDragCallbacks {
  /** The long press fired: the entry is lifted (not yet moving). */
  lift(point: Point): void;
  /** The lifted entry follows the finger. */
  move(point: Point): void;
  /** The finger was lifted after dragging. */
  drop(point: Point): void;
  /** Long press released without moving: the context menu. */
  menu(point: Point): void;
  /** The gesture ended without a drop (after `lift`). */
  cancel(): void;
}

export type TouchDragPhase = "idle" | "pressing" | "lifted" | "dragging";

/**
 * The touch gesture as a small state machine, fed by touch events. `move` and `end` return true
 * when the event belongs to the drag (the caller then prevents scrolling and the click).
 */
export function createTouchDrag(callbacks: TouchDragCallbacks, delayMs = LONG_PRESS_MS) {
  let phase: TouchDragPhase = "idle";
  let origin: Point | null = null;
  let last: Point | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const reset = () => {
    clearTimeout(timer);
    phase = "idle";
    origin = null;
    last = null;
  };

  return {
    get phase() {
      return phase;
    },
    start(point: Point) {
      reset();
      phase = "pressing";
      origin = { clientX: point.clientX, clientY: point.clientY };
      last = origin;
      timer = setTimeout(() => {
        if (phase !== "pressing" || !origin) return;
        phase = "lifted";
        callbacks.lift(origin);
      }, delayMs);
    },
    move(point: Point): boolean {
      if (phase === "idle" || !origin) return false;
      last = { clientX: point.clientX, clientY: point.clientY };
      const distance = Math.hypot(point.clientX - origin.clientX, point.clientY - origin.clientY);
      if (phase === "pressing") {
        if (distance > TOUCH_MOVE_TOLERANCE_PX) reset(); // a scroll, not a press
        return false;
      }
      if (phase === "lifted" && distance <= TOUCH_MOVE_TOLERANCE_PX) return true;
      phase = "dragging";
      callbacks.move(last);
      return true;
    },
    end(): boolean {
      const was = phase;
      const at = last ?? origin;
      reset();
      if (was === "dragging" && at) callbacks.drop(at);
      else if (was === "lifted" && at) {
        callbacks.cancel();
        callbacks.menu(at);
      }
      return was === "dragging" || was === "lifted";
    },
    cancel() {
      const was = phase;
      reset();
      if (was === "lifted" || was === "dragging") callbacks.cancel();
    },
  };
}
