/** A reminder as the server sends it (rest.md §11, `user:authenticated.user.reminders`). */
export interface ReminderMessage {
  id: string;
  channelId: string;
  content?: string | null;
  createdBy?: { id: string; username?: string };
}

export interface Reminder {
  id: string;
  /** Milliseconds since the epoch. */
  remindAt: number;
  createdAt: number;
  channelId: string | null;
  message: ReminderMessage | null;
  post: unknown;
}
