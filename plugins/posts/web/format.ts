import { formatDate, formatNumber } from "@hearth/i18n/i18n";

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** A post's time: the hour today, else the date (and the year when it is not this year). */
export function formatWhen(epochMs: number | undefined, now = new Date()): string {
  if (!epochMs) return "";
  const when = new Date(epochMs);
  if (sameDay(when, now)) return formatDate(when, { timeStyle: "short" });
  const options: Intl.DateTimeFormatOptions = when.getFullYear() === now.getFullYear()
    ? { day: "numeric", month: "short" }
    : { day: "numeric", month: "short", year: "numeric" };
  return formatDate(when, options);
}

/** 1234 → "1.2k" (counts under buttons). */
export function formatCount(count: number): string {
  return formatNumber(count, { notation: "compact", maximumFractionDigits: 1 });
}
