/** The user's reminders, kept in due order, fed by `user:authenticated` and `user:reminder_*`. */
import { create } from "zustand";
import { sortReminders } from "./schedule";
import type { Reminder } from "./types";

interface RemindersState {
  reminders: Reminder[];
}

export const useRemindersStore = create<RemindersState>()(() => ({ reminders: [] }));

export function remindersAuthenticated(payload: { user?: { reminders?: Reminder[] } }): void {
  useRemindersStore.setState({ reminders: sortReminders(payload.user?.reminders ?? []) });
}

/** Adds or replaces a reminder (add and update events, REST replies). */
export function upsertReminder(reminder: Reminder): void {
  useRemindersStore.setState(({ reminders }) => ({
    reminders: sortReminders([...reminders.filter((item) => item.id !== reminder.id), reminder]),
  }));
}

export function removeReminder({ id }: { id: string }): void {
  useRemindersStore.setState(({ reminders }) => ({ reminders: reminders.filter((item) => item.id !== id) }));
}
