import { getLanguage } from "@hearth/i18n/i18n";

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** A post's time: the hour today, else the date (and the year when it is not this year). */
export function formatWhen(epochMs: number | undefined, now = new Date()): string {
  if (!epochMs) return "";
  const when = new Date(epochMs);
  const language = getLanguage();
  if (sameDay(when, now)) return new Intl.DateTimeFormat(language, { timeStyle: "short" }).format(when);
  const options: Intl.DateTimeFormatOptions = when.getFullYear() === now.getFullYear()
    ? { day: "numeric", month: "short" }
    : { day: "numeric", month: "short", year: "numeric" };
  return new Intl.DateTimeFormat(language, options).format(when);
}

/** 1234 → "1.2k" (counts under buttons). */
export function formatCount(count: number): string {
  return new Intl.NumberFormat(getLanguage(), { notation: "compact", maximumFractionDigits: 1 }).format(count);
}
