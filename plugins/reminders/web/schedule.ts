/** Pure timing rules of reminders (spec §9): when to check next, which one is due, presets. */
import type { Reminder, ReminderMessage, ReminderPost } from "./types";

export const CHECK_INTERVAL_MS = 10_000;
export const FAST_CHECK_INTERVAL_MS = 1_000;
/** Below this, the next reminder is checked every second. */
export const FAST_CHECK_WINDOW_MS = 60_000;
export const SNOOZE_MS = 10 * 60_000;

export type ReminderPreset = "20m" | "1h" | "tomorrow";
export const REMINDER_PRESETS: readonly ReminderPreset[] = ["20m", "1h", "tomorrow"];

/** Oldest due first, as the server lists them. */
export function sortReminders(reminders: readonly Reminder[]): Reminder[] {
  return [...reminders].sort((a, b) => a.remindAt - b.remindAt || a.createdAt - b.createdAt);
}

export function firstReminder(reminders: readonly Reminder[]): Reminder | undefined {
  return reminders.reduce<Reminder | undefined>((first, item) => (!first || item.remindAt < first.remindAt ? item : first), undefined);
}

/** 10 s normally; 1 s while the first reminder is due within 60 s (or already due). */
export function nextCheckDelay(reminders: readonly Reminder[], now: number): number {
  const first = firstReminder(reminders);
  if (first && first.remindAt - now < FAST_CHECK_WINDOW_MS) return FAST_CHECK_INTERVAL_MS;
  return CHECK_INTERVAL_MS;
}

/** The first reminder, when it is due and has not been shown yet. */
export function dueReminder(reminders: readonly Reminder[], now: number, shown: ReadonlySet<string>): Reminder | undefined {
  const first = firstReminder(reminders);
  return first && first.remindAt <= now && !shown.has(first.id) ? first : undefined;
}

/** "Tomorrow" is 09:00 local time on the next day. */
export function presetTimestamp(preset: ReminderPreset, now: number): number {
  if (preset === "20m") return now + 20 * 60_000;
  if (preset === "1h") return now + 60 * 60_000;
  const date = new Date(now);
  date.setDate(date.getDate() + 1);
  date.setHours(9, 0, 0, 0);
  return date.getTime();
}

/** `<input type="datetime-local">` value for a timestamp, in local time. */
export function toLocalInputValue(timestamp: number): string {
  const date = new Date(timestamp);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Timestamp of a datetime-local value, or null when it is empty or invalid. */
export function fromLocalInputValue(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const timestamp = new Date(value).getTime();
  return Number.isNaN(timestamp) ? null : timestamp;
}

/** Where "Jump to message" goes: the inbox for a direct message, the server channel otherwise. */
export function jumpPath(channelId: string, messageId: string, serverId: string | null | undefined): string {
  const query = `?messageId=${encodeURIComponent(messageId)}`;
  return serverId
    ? `/app/servers/${encodeURIComponent(serverId)}/${encodeURIComponent(channelId)}${query}`
    : `/app/inbox/${encodeURIComponent(channelId)}${query}`;
}

/** Where "View post" goes: the home feed showing that post (spec §2, `/app?postId=`). */
export function postPath(postId: string): string {
  return `/app?postId=${encodeURIComponent(postId)}`;
}

export type ReminderSubject =
  | { kind: "message"; message: ReminderMessage }
  | { kind: "post"; post: ReminderPost }
  | { kind: "gone"; of: "message" | "post" };

/** What a due reminder is about. A reminder on a post has no channel; a deleted post, or one
 * whose author blocked you, is no longer shown. */
export function reminderSubject(reminder: Reminder): ReminderSubject {
  if (reminder.message) return { kind: "message", message: reminder.message };
  const post = reminder.post;
  if (post && !post.deleted && !post.block) return { kind: "post", post };
  return { kind: "gone", of: post || !reminder.channelId ? "post" : "message" };
}
