/** A reminder as the server sends it (rest.md §11, `user:authenticated.user.reminders`). */
export interface ReminderMessage {
  id: string;
  channelId: string;
  content?: string | null;
  createdBy?: { id: string; username?: string };
}

/** A post as its owner would see it now (rest.md §7.11): deleted, or a stub when its author blocked them. */
export interface ReminderPost {
  id: string;
  content?: string | null;
  deleted?: boolean;
  block?: boolean;
  createdBy?: { id: string; username?: string };
}

export interface Reminder {
  id: string;
  /** Milliseconds since the epoch. */
  remindAt: number;
  createdAt: number;
  channelId: string | null;
  message: ReminderMessage | null;
  post: ReminderPost | null;
}
