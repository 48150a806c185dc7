import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearToasts, dismissToast, holdToast, pushToast, resumeToast, stackToast, TOAST_MS, useToastStore, type NotificationToast } from "./toastStore";

const toast = (id: string): NotificationToast => ({ id, title: `title ${id}`, body: "body", path: `/app/inbox/${id}` });
const ids = () => useToastStore.getState().toasts.map((item) => item.id);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe("the in-app stack", () => {
  it("holds two at a time, newest on top", () => {
    expect(stackToast(stackToast(stackToast([], toast("1")), toast("2")), toast("3")).map((item) => item.id)).toEqual(["3", "2"]);
    pushToast(toast("a"));
    pushToast(toast("b"));
    pushToast(toast("c"));
    expect(ids()).toEqual(["c", "b"]);
  });

  it("a toast pushed again moves to the top instead of showing twice", () => {
    pushToast(toast("a"));
    pushToast(toast("b"));
    pushToast(toast("a"));
    expect(ids()).toEqual(["a", "b"]);
  });

  it("each goes away by itself, and can be dismissed", () => {
    pushToast(toast("a"));
    vi.advanceTimersByTime(TOAST_MS / 2);
    pushToast(toast("b"));
    vi.advanceTimersByTime(TOAST_MS / 2);
    expect(ids()).toEqual(["b"]);
    dismissToast("b");
    expect(ids()).toEqual([]);
  });

  it("stays while held (pointer or focus on it) and leaves a while after", () => {
    pushToast(toast("a"));
    holdToast("a");
    vi.advanceTimersByTime(TOAST_MS * 3);
    expect(ids()).toEqual(["a"]);
    resumeToast("a");
    vi.advanceTimersByTime(TOAST_MS);
    expect(ids()).toEqual([]);
  });
});
