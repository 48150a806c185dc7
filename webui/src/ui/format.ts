/** Locale-aware formatting for numbers and dates shown in the UI. */
import { formatDate, formatNumber } from "../i18n/i18n";

const BYTE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

export function formatBytesPerSecond(bytesPerSecond: number): string {
  let value = bytesPerSecond;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return formatNumber(value, {
    style: "unit",
    unit: `${BYTE_UNITS[unit]}-per-second`,
    maximumFractionDigits: unit === 0 ? 0 : 1,
  });
}

export function formatDateTime(epochMs: number): string {
  return formatDate(epochMs, { dateStyle: "medium", timeStyle: "short" });
}
