/** The 19 interface languages (spec §9, issue 13): code as stored in `appLanguage`, and native name. */
export interface InterfaceLanguage {
  code: string;
  nativeName: string;
}

export const LANGUAGES: readonly InterfaceLanguage[] = [
  { code: "en-gb", nativeName: "English (UK)" },
  { code: "de-de", nativeName: "Deutsch" },
  { code: "fr-FR", nativeName: "Français" },
  { code: "es-es", nativeName: "Español" },
  { code: "it", nativeName: "Italiano" },
  { code: "nl-nl", nativeName: "Nederlands" },
  { code: "pl-pl", nativeName: "Polski" },
  { code: "pt-br", nativeName: "Português (Brasil)" },
  { code: "ro-ro", nativeName: "Română" },
  { code: "ru-ru", nativeName: "Русский" },
  { code: "sv-sv", nativeName: "Svenska" },
  { code: "tr-tr", nativeName: "Türkçe" },
  { code: "uk", nativeName: "Українська" },
  { code: "hu-hu", nativeName: "Magyar" },
  { code: "ja-jp", nativeName: "日本語" },
  { code: "zh-hans", nativeName: "简体中文" },
  { code: "zh-hant", nativeName: "繁體中文" },
  { code: "ar-ps", nativeName: "العربية" },
  { code: "th-th", nativeName: "ไทย" },
];
