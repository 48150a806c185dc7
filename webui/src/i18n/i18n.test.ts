import { describe, expect, it } from "vitest";
import { createTranslator, registerTranslations, t, translate } from "./i18n";

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
});
