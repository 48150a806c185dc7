/** Pointer travel beyond which a press on the backdrop counts as a drag, not a click. */
const BACKDROP_CLICK_TOLERANCE_PX = 3;

export interface Point {
  x: number;
  y: number;
}

/**
 * A click on the modal background closes it, unless the press started elsewhere, the
 * pointer moved more than 3 px between down and up, or text is selected (spec §4).
 */
export function shouldCloseOnBackdropClick(down: Point | null, up: Point, selectedText: string): boolean {
  if (!down) return false;
  const moved = Math.hypot(up.x - down.x, up.y - down.y) > BACKDROP_CLICK_TOLERANCE_PX;
  return !moved && selectedText.length === 0;
}
