import { formatDate } from "@hearth/i18n/i18n";
import { t } from "../i18n";

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

export function formatTime(epochMs: number): string {
  return formatDate(epochMs, { timeStyle: "short" });
}

/** "Today at 14:05", "Yesterday at 09:12", or a date and time. */
export function formatMessageTime(epochMs: number, now = new Date()): string {
  const date = new Date(epochMs);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, now)) return t("message.today", { time: formatTime(epochMs) });
  if (sameDay(date, yesterday)) return t("message.yesterday", { time: formatTime(epochMs) });
  return formatDate(epochMs, { dateStyle: "medium", timeStyle: "short" });
}

export function formatFullDate(epochMs: number): string {
  return formatDate(epochMs, { dateStyle: "full", timeStyle: "medium" });
}

export function formatDay(epochMs: number): string {
  return formatDate(epochMs, { dateStyle: "long" });
}

/** A file's size (the shell's: full words for bytes, the language's symbols above). */
export { formatFileSize } from "@hearth/ui/format";
