/**
 * The activity this browser shares (`user:update_activity`, realtime.md §4.3). Activities live
 * per socket on the server, so the one chosen here is kept in this browser and sent again each
 * time the socket authenticates (after a reload or a reconnect).
 */
import { emitSocketEvent } from "@hearth/socket/socketClient";
import type { Activity } from "./presenceStore";

const STORAGE_KEY = "sharedActivity";

export function storedActivity(): Activity | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as Activity | null;
    return value && typeof value.name === "string" && typeof value.action === "string" ? value : null;
  } catch {
    return null;
  }
}

export function shareActivity(activity: Activity | null): void {
  if (activity) localStorage.setItem(STORAGE_KEY, JSON.stringify(activity));
  else localStorage.removeItem(STORAGE_KEY);
  emitSocketEvent("user:update_activity", activity);
}

/** On `user:authenticated`: this new socket has no activity yet. */
export function resendStoredActivity(): void {
  const activity = storedActivity();
  if (activity) emitSocketEvent("user:update_activity", activity);
}
