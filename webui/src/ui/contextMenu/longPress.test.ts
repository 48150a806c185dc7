import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLongPress, LONG_PRESS_MS } from "./longPress";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("long press", () => {
  it("fires after 500 ms at the touch position", () => {
    const onLongPress = vi.fn();
    const press = createLongPress(onLongPress);
    press.start({ clientX: 40, clientY: 50 });

    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledWith({ clientX: 40, clientY: 50 });
  });

  it("does not fire when the finger lifts early", () => {
    const onLongPress = vi.fn();
    const press = createLongPress(onLongPress);
    press.start({ clientX: 0, clientY: 0 });
    vi.advanceTimersByTime(300);
    press.cancel();
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it("treats a moving finger as a scroll", () => {
    const onLongPress = vi.fn();
    const press = createLongPress(onLongPress);
    press.start({ clientX: 0, clientY: 0 });
    press.move({ clientX: 4, clientY: 4 });
    press.move({ clientX: 0, clientY: 30 });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).not.toHaveBeenCalled();
  });
});

describe("the lift", () => {
  it("belongs to the long press once it fired, and only then", () => {
    const press = createLongPress(() => {});
    press.start({ clientX: 0, clientY: 0 });
    vi.advanceTimersByTime(100);
    expect(press.end()).toBe(false);

    press.start({ clientX: 0, clientY: 0 });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(press.end()).toBe(true);
    expect(press.end()).toBe(false); // a later tap is a tap again
  });

  it("is a tap's again after a press that turned into a scroll", () => {
    const press = createLongPress(() => {});
    press.start({ clientX: 0, clientY: 0 });
    press.move({ clientX: 0, clientY: 40 });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(press.end()).toBe(false);
  });
});
