/** Touch browsers have no right click: holding a finger still for 500 ms opens the menu instead. */
export const LONG_PRESS_MS = 500;
/** Finger travel that turns a press into a scroll. */
const LONG_PRESS_MOVE_TOLERANCE_PX = 10;

export interface TouchPoint {
  clientX: number;
  clientY: number;
}

export function createLongPress(onLongPress: (point: TouchPoint) => void, delayMs = LONG_PRESS_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let origin: TouchPoint | null = null;
  let fired = false;

  const cancel = () => {
    clearTimeout(timer);
    origin = null;
  };

  return {
    start(point: TouchPoint) {
      cancel();
      fired = false;
      origin = { clientX: point.clientX, clientY: point.clientY };
      const at = origin;
      timer = setTimeout(() => {
        origin = null;
        fired = true;
        onLongPress(at);
      }, delayMs);
    },
    move(point: TouchPoint) {
      if (!origin) return;
      const distance = Math.hypot(point.clientX - origin.clientX, point.clientY - origin.clientY);
      if (distance > LONG_PRESS_MOVE_TOLERANCE_PX) cancel();
    },
    /**
     * The finger lifted: true when the press had already fired. The caller then cancels the
     * touchend's default, or the browser turns the lift into a click on whatever the long press
     * opened under the finger (the menu's first entry).
     */
    end(): boolean {
      cancel();
      const wasLongPress = fired;
      fired = false;
      return wasLongPress;
    },
    cancel,
  };
}
