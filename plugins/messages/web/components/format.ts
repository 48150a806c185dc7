import { formatDate, formatNumber } from "@hearth/i18n/i18n";
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

export function formatFileSize(bytes: number): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return formatNumber(value, { style: "unit", unit: units[unit], maximumFractionDigits: unit === 0 ? 0 : 1 });
}
