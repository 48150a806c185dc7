import { describe, expect, it } from "vitest";
import { createTranslator, getLanguage, languageCompleteness, registerTranslations, setLanguage, t, translate } from "./i18n";

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

  it("measures how much of en-gb a language translates", () => {
    expect(languageCompleteness("en-gb")).toBe(1);
    expect(languageCompleteness("th-th")).toBe(0);
    registerTranslations("th-th", "demo", { greeting: { hello: "สวัสดี {name}" } });
    const share = languageCompleteness("th-th");
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(0.05);
  });

  it("stores the chosen language and falls back to en-gb for what it lacks", () => {
    registerTranslations("th-th", "demo", { greeting: { hello: "สวัสดี {name}" } });
    setLanguage("th-th");
    expect(getLanguage()).toBe("th-th");
    expect(localStorage.getItem("appLanguage")).toBe("th-th");
    expect(document.documentElement.lang).toBe("th-th");
    expect(translate("demo.greeting.hello", { name: "Bob" })).toBe("สวัสดี Bob");
    expect(t("notFound.title")).toBe("Nothing to see here!");
    setLanguage("en-gb");
  });
});
