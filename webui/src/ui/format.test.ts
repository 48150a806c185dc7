import { afterEach, describe, expect, it } from "vitest";
import { useLanguageStore } from "../i18n/i18n";
import { formatBytesPerSecond, formatFileSize } from "./format";

const inLanguage = (code: string) => useLanguageStore.setState({ language: code });
/** Intl puts no-break spaces between number and unit in some languages. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

afterEach(() => inLanguage("en-gb"));

describe("file sizes through Intl", () => {
  it("spells bytes out (never \"12 byte\") and uses symbols above", () => {
    expect(formatFileSize(1)).toBe("1 byte");
    expect(formatFileSize(12)).toBe("12 bytes");
    expect(formatFileSize(999)).toBe("999 bytes");
    expect(formatFileSize(1500)).toBe("1.5 kB");
    expect(formatFileSize(3_240_000)).toBe("3.2 MB");
    expect(formatFileSize(7_000_000_000)).toBe("7 GB");
  });

  it("follows the language", () => {
    inLanguage("fr-FR");
    expect(plain(formatFileSize(12))).toBe("12 octets");
    expect(plain(formatFileSize(1500))).toBe("1,5 ko");
    inLanguage("de-de");
    expect(plain(formatFileSize(3_240_000))).toBe("3,2 MB");
  });

  it("speeds likewise", () => {
    expect(formatBytesPerSecond(12)).toBe("12 bytes per second");
    expect(formatBytesPerSecond(120_500)).toBe("120.5 kB/s");
  });
});
