/** Hearth's language codes (as stored in `appLanguage`) and what Intl and HTML call them. */
export const DEFAULT_LANGUAGE = "en-gb";

/**
 * BCP 47 tags for `Intl` and `<html lang>`. Most codes already are; `sv-sv` names Swedish as
 * spoken in Sweden (SE, not El Salvador), and `ar-ps` is Arabic (Palestine).
 */
const TAGS: Record<string, string> = {
  "en-gb": "en-GB",
  "de-de": "de-DE",
  "fr-fr": "fr-FR",
  "es-es": "es-ES",
  "nl-nl": "nl-NL",
  "pl-pl": "pl-PL",
  "pt-br": "pt-BR",
  "ro-ro": "ro-RO",
  "ru-ru": "ru-RU",
  "sv-sv": "sv-SE",
  "tr-tr": "tr-TR",
  "hu-hu": "hu-HU",
  "ja-jp": "ja-JP",
  "zh-hans": "zh-Hans",
  "zh-hant": "zh-Hant",
  "ar-ps": "ar",
  "th-th": "th-TH",
};

export function intlLocale(code: string): string {
  return TAGS[code.toLowerCase()] ?? code;
}

const RIGHT_TO_LEFT = new Set(["ar", "fa", "he", "ur"]);

export function isRightToLeft(code: string): boolean {
  return RIGHT_TO_LEFT.has(code.toLowerCase().split("-")[0]!);
}
