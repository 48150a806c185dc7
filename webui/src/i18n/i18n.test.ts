// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  createTranslator,
  formatDate,
  formatNumber,
  getLanguage,
  pluralCategory,
  registerLocales,
  registerTranslations,
  setLanguage,
  t,
  translate,
  useLanguageStore,
} from "./i18n";

// A vitest-only fixture: two languages of a made-up namespace, served like `import.meta.glob`
// (the tests hold whether or not the real locale files exist).
const fixture = {
  "./locales/ru-ru.json": async () => ({
    members: "{count} участников",
    members_one: "{count} участник",
    members_few: "{count} участника",
    members_many: "{count} участников",
    greeting: "Привет, {name}",
  }),
  "./locales/ar-ps.json": async () => ({ greeting: "مرحبا {name}" }),
};
registerTranslations("en-gb", "fixture", { members: "{count} members", members_one: "{count} member", greeting: "Hello {name}", onlyEnglish: "English only" });
void registerLocales("fixture", fixture);
const fixtureT = createTranslator<{ members: string; members_one: string; greeting: string; onlyEnglish: string }>("fixture");

afterEach(async () => {
  await setLanguage("en-gb");
});

describe("i18n", () => {
  it("reads en-gb strings by dotted key", () => {
    expect(t("notFound.title")).toBe("Nothing to see here!");
    expect(t("validation.passwordTooLong")).toBe("Password must be less than 72 characters.");
  });

  it("fills in variables and leaves unknown placeholders alone", () => {
    expect(t("dashboard.welcome", { user: "ada:ABCD" })).toBe("Welcome, ada:ABCD!");
    expect(translate("dashboard.welcome")).toBe("Welcome, {user}!");
  });

  it("gives plugins their own namespace", () => {
    registerTranslations("en-gb", "demo", { greeting: { hello: "Hello {name}" } });
    const demoT = createTranslator<{ greeting: { hello: string } }>("demo");
    expect(demoT("greeting.hello", { name: "Bob" })).toBe("Hello Bob");
  });

  it("returns the key itself when no language has it", () => {
    expect(translate("no.such.key")).toBe("no.such.key");
  });

  it("picks the plural form of the count with Intl.PluralRules, then the plain key", async () => {
    expect(fixtureT("members", { count: 1 })).toBe("1 member");
    expect(fixtureT("members", { count: 0 })).toBe("0 members");
    expect(fixtureT("members", { count: 12345 })).toBe("12,345 members");
    expect(pluralCategory("ru-ru", 3)).toBe("few");
    expect(pluralCategory("ar-ps", 2)).toBe("two");
    expect(pluralCategory("ja-jp", 1)).toBe("other");
    await setLanguage("ru-ru");
    expect(fixtureT("members", { count: 1 })).toBe("1 участник");
    expect(fixtureT("members", { count: 3 })).toBe("3 участника");
    expect(fixtureT("members", { count: 5 })).toBe("5 участников");
    expect(fixtureT("members", { count: 21 })).toBe("21 участник");
    await setLanguage("ar-ps");
    // No form at all in ar-ps: en-gb's, with en-gb's own category for the number.
    expect(fixtureT("members", { count: 1 })).toBe("1 member");
  });

  it("loads only the chosen language, lazily, and falls back to en-gb for what it lacks", async () => {
    expect(fixtureT("greeting", { name: "Bob" })).toBe("Hello Bob");
    const switching = setLanguage("ar-ps");
    expect(useLanguageStore.getState().loading).toBe("ar-ps");
    expect(getLanguage()).toBe("en-gb"); // not before its files are in
    await switching;
    expect(useLanguageStore.getState()).toMatchObject({ language: "ar-ps", loading: null });
    expect(localStorage.getItem("appLanguage")).toBe("ar-ps");
    expect(fixtureT("greeting", { name: "Bob" })).toBe("مرحبا Bob");
    expect(fixtureT("onlyEnglish")).toBe("English only");
  });

  it("marks the document's language and writing direction", async () => {
    await setLanguage("ar-ps");
    expect(document.documentElement.lang).toBe("ar");
    expect(document.documentElement.dir).toBe("rtl");
    await setLanguage("de-de");
    expect(document.documentElement.lang).toBe("de-DE");
    expect(document.documentElement.dir).toBe("ltr");
  });

  it("a plugin registered while a switch loads comes in the new language too", async () => {
    registerTranslations("en-gb", "late", { hi: "Hi" });
    const switching = setLanguage("ru-ru");
    const installed = registerLocales("late", { "./locales/ru-ru.json": async () => ({ hi: "Привет" }) });
    await Promise.all([switching, installed]);
    expect(translate("late.hi")).toBe("Привет");
  });

  it("a later choice wins over one still loading", async () => {
    const first = setLanguage("ru-ru");
    const second = setLanguage("th-th");
    await Promise.all([first, second]);
    expect(getLanguage()).toBe("th-th");
  });

  it("formats numbers and dates through Intl in the current language", async () => {
    const when = Date.UTC(2026, 0, 5, 12, 0);
    expect(formatNumber(1234567.5)).toBe("1,234,567.5");
    expect(formatNumber(2026)).toBe("2026");
    expect(formatDate(when, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })).toBe("5 January 2026");
    await setLanguage("de-de");
    expect(formatNumber(1234567.5)).toBe("1.234.567,5");
    expect(formatDate(when, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })).toBe("5. Januar 2026");
    expect(translate("fixture.members", { count: 12345 })).toBe("12.345 members");
    // formatters are kept per language and options: other options are not served a kept one
    expect(formatNumber(0.25, { style: "percent" })).toBe("25\u00a0%");
    expect(formatDate(when, { year: "numeric", timeZone: "UTC" })).toBe("2026");
  });
});
