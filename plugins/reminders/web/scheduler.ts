/**
 * Checks the reminders every 10 s (every 1 s when the first is due within a minute) and opens the
 * reminder modal with a sound when the first one is due (spec §4, §9). Each reminder is shown once
 * per due time; snoozing (a new `remindAt`) makes it eligible again.
 */
import { useRemindersStore } from "./remindersStore";
import { dueReminder, nextCheckDelay } from "./schedule";
import type { Reminder } from "./types";

export interface SchedulerOptions {
  onDue: (reminder: Reminder) => void;
  now?: () => number;
}

let timer: ReturnType<typeof setTimeout> | null = null;
/** `${id}:${remindAt}` of reminders already shown. */
const shown = new Set<string>();

const shownKey = (reminder: Reminder) => `${reminder.id}:${reminder.remindAt}`;

export function checkReminders({ onDue, now = Date.now }: SchedulerOptions): number {
  const { reminders } = useRemindersStore.getState();
  const at = now();
  const keys = new Set(reminders.map(shownKey));
  const due = dueReminder(
    reminders.map((reminder) => ({ ...reminder, id: shownKey(reminder) })),
    at,
    shown,
  );
  for (const key of shown) if (!keys.has(key)) shown.delete(key);
  if (due) {
    shown.add(due.id);
    onDue(reminders.find((reminder) => shownKey(reminder) === due.id)!);
  }
  return nextCheckDelay(reminders, at);
}

export function startReminderScheduler(options: SchedulerOptions): void {
  if (timer !== null) return;
  const tick = () => {
    timer = setTimeout(tick, checkReminders(options));
  };
  tick();
}

export function stopReminderScheduler(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  shown.clear();
}
