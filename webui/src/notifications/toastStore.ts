/** The in-app notification stack (spec §9): at most two pop-ups, newest on top, each fading after a while. */
import { create } from "zustand";

export const STACK_SIZE = 2;
export const TOAST_MS = 6000;

export interface NotificationToast {
  id: string;
  title: string;
  body: string;
  /** The /app path a click opens. */
  path: string;
  iconUrl?: string;
}

/** The stack with `toast` on top: a toast with the same id moves up, the oldest beyond two leave. */
export function stackToast(stack: readonly NotificationToast[], toast: NotificationToast): NotificationToast[] {
  return [toast, ...stack.filter((item) => item.id !== toast.id)].slice(0, STACK_SIZE);
}

export const useToastStore = create<{ toasts: NotificationToast[] }>()(() => ({ toasts: [] }));

const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function dismissToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  useToastStore.setState(({ toasts }) => ({ toasts: toasts.filter((toast) => toast.id !== id) }));
}

export function pushToast(toast: NotificationToast): void {
  clearTimeout(timers.get(toast.id));
  useToastStore.setState(({ toasts }) => {
    const next = stackToast(toasts, toast);
    for (const left of toasts) {
      if (!next.some((item) => item.id === left.id)) {
        clearTimeout(timers.get(left.id));
        timers.delete(left.id);
      }
    }
    return { toasts: next };
  });
  timers.set(toast.id, setTimeout(() => dismissToast(toast.id), TOAST_MS));
}

/** Stops a toast's timer while the pointer or focus is on it; `resumeToast` starts it again. */
export function holdToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

export function resumeToast(id: string): void {
  if (!useToastStore.getState().toasts.some((toast) => toast.id === id)) return;
  clearTimeout(timers.get(id));
  timers.set(id, setTimeout(() => dismissToast(id), TOAST_MS));
}

export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  useToastStore.setState({ toasts: [] });
}
