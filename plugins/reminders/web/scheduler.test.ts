import { afterEach, describe, expect, it, vi } from "vitest";
import { remindersAuthenticated, removeReminder, upsertReminder, useRemindersStore } from "./remindersStore";
import { checkReminders, stopReminderScheduler } from "./scheduler";
import type { Reminder } from "./types";

const reminder = (id: string, remindAt: number): Reminder => ({ id, remindAt, createdAt: 0, channelId: "c1", message: null, post: null });
const NOW = 1_700_000_000_000;

afterEach(() => {
  stopReminderScheduler();
  useRemindersStore.setState({ reminders: [] });
});

describe("reminders store", () => {
  it("keeps reminders in due order through add, update and remove", () => {
    remindersAuthenticated({ user: { reminders: [reminder("b", 20), reminder("a", 10)] } });
    upsertReminder(reminder("c", 5));
    upsertReminder(reminder("a", 30));
    expect(useRemindersStore.getState().reminders.map((item) => item.id)).toEqual(["c", "b", "a"]);
    removeReminder({ id: "b" });
    expect(useRemindersStore.getState().reminders.map((item) => item.id)).toEqual(["c", "a"]);
  });
});

describe("checkReminders", () => {
  it("opens a due reminder once, and again after it is snoozed and due again", () => {
    const onDue = vi.fn();
    remindersAuthenticated({ user: { reminders: [reminder("a", NOW + 30_000)] } });
    expect(checkReminders({ onDue, now: () => NOW })).toBe(1_000);
    expect(onDue).not.toHaveBeenCalled();

    expect(checkReminders({ onDue, now: () => NOW + 30_000 })).toBe(1_000);
    expect(onDue).toHaveBeenCalledTimes(1);
    expect(onDue.mock.calls[0]![0].id).toBe("a");
    checkReminders({ onDue, now: () => NOW + 31_000 });
    expect(onDue).toHaveBeenCalledTimes(1);

    upsertReminder(reminder("a", NOW + 31_000 + 600_000));
    expect(checkReminders({ onDue, now: () => NOW + 32_000 })).toBe(10_000);
    checkReminders({ onDue, now: () => NOW + 31_000 + 600_000 });
    expect(onDue).toHaveBeenCalledTimes(2);
  });
});
