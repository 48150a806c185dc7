/** Locale-aware formatting for numbers and dates shown in the UI. */
import { getLanguage } from "../i18n/i18n";

const BYTE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

export function formatBytesPerSecond(bytesPerSecond: number): string {
  let value = bytesPerSecond;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(getLanguage(), {
    style: "unit",
    unit: `${BYTE_UNITS[unit]}-per-second`,
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

export function formatDateTime(epochMs: number): string {
  return new Intl.DateTimeFormat(getLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(epochMs);
}
