/** Locale-aware formatting for numbers and dates shown in the UI. */
import { formatDate, formatNumber } from "../i18n/i18n";

const BYTE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

/** The amount in the largest unit it reaches (decimal: 1 kB = 1000 bytes, as browsers and CLDR count). */
function scaled(bytes: number): { value: number; unit: (typeof BYTE_UNITS)[number] } {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return { value, unit: BYTE_UNITS[unit]! };
}

/**
 * Bytes spelled out in full ("12 bytes", plural-aware: Intl's short form is "12 byte" in English),
 * larger amounts with the language's symbols ("1.5 kB", "3,2 Mo"), all through Intl.
 */
function formatAmount(bytes: number, perSecond: boolean): string {
  const { value, unit } = scaled(bytes);
  const bytesOnly = unit === "byte";
  return formatNumber(value, {
    style: "unit",
    unit: perSecond ? `${unit}-per-second` : unit,
    unitDisplay: bytesOnly ? "long" : "short",
    maximumFractionDigits: bytesOnly ? 0 : 1,
  });
}

/** A file's size: "12 bytes", "340 kB", "1.5 MB" in the current language. */
export function formatFileSize(bytes: number): string {
  return formatAmount(bytes, false);
}

export function formatBytesPerSecond(bytesPerSecond: number): string {
  return formatAmount(bytesPerSecond, true);
}

export function formatDateTime(epochMs: number): string {
  return formatDate(epochMs, { dateStyle: "medium", timeStyle: "short" });
}
