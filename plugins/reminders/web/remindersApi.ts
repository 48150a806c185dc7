/** REST calls of reminders (rest.md §11). */
import { request } from "@hearth/api/request";
import type { Reminder } from "./types";

const reminderPath = (id: string) => `/reminders/${encodeURIComponent(id)}`;

export function addReminder(messageId: string, timestamp: number): Promise<Reminder> {
  return request<Reminder>({ method: "POST", path: "/reminders", body: { messageId, timestamp } });
}

export function updateReminder(id: string, timestamp: number): Promise<Reminder> {
  return request<Reminder>({ method: "POST", path: reminderPath(id), body: { timestamp } });
}

export function deleteReminder(id: string): Promise<unknown> {
  return request({ method: "DELETE", path: reminderPath(id) });
}
