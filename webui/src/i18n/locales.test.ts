// @vitest-environment node
/**
 * Every language against every en-gb.json of the repository (the shell's and each plugin's):
 * fails on a missing key, different placeholders, missing plural forms or an invalid file.
 * A missing file fails, and so does a plugin bundle that never hands its locales to the shell.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { localePath, readJson, sourceFiles } from "../../localeFiles";
import { LANGUAGES } from "../settings/languages";
import { checkLocale, countTranslated } from "./localeCheck";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const sources = sourceFiles(repoRoot);
const translations = LANGUAGES.filter(({ code }) => code !== "en-gb");

describe("locale checker", () => {
  const english = { a: { members: "{count} members", members_one: "{count} member", title: "Title" } };

  it("accepts a complete file with all plural forms of the language", () => {
    const ru = { a: { members: "{count} уч.", members_one: "{count} участник", members_few: "{count} участника", members_many: "{count} участников", members_other: "{count} участника", title: "Заголовок" } };
    expect(checkLocale(english, ru, "ru-ru")).toEqual([]);
    expect(checkLocale(english, { a: { members: "{count} 人", title: "タイトル" } }, "ja-jp")).toEqual([]);
  });

  it("reports missing keys, changed placeholders, missing plural forms and invalid values", () => {
    expect(checkLocale(english, { a: { members: "{n} membres", members_one: "un membre" } }, "fr-FR")).toEqual([
      "a.members: placeholders n instead of count",
      "a.title: missing",
      "a.members_many: missing plural form",
      "a.members_other: missing plural form",
    ]);
    expect(checkLocale(english, { a: { members: 3, title: "x" } }, "de-de")).toContain("a.members: neither a string nor an object");
    expect(checkLocale(english, [], "de-de")).toContain("(file): not a JSON object");
  });

  it("counts completeness from en-gb's plain keys", () => {
    expect(countTranslated(english, { a: { title: "Titel" } })).toEqual({ total: 2, present: 1 });
    expect(countTranslated(english, undefined)).toEqual({ total: 2, present: 0 });
  });
});

describe("translations are complete", () => {
  it.each(sources.filter((source) => source.namespace).map((source) => [source.namespace, source] as const))(
    "%s hands its locales/ folder to the shell",
    (_name, source) => {
      expect(readFileSync(`${source.dir}/index.ts`, "utf8")).toContain('import.meta.glob("./locales/*.json"');
    },
  );

  it("finds the shell's and the plugins' en-gb files", () => {
    expect(sources[0]?.namespace).toBe("");
    expect(sources.length).toBeGreaterThan(10);
  });

  for (const { code } of translations) {
    it.each(sources.map((source) => [source.namespace || "shell", source] as const))(`${code}: %s`, (_name, source) => {
      const file = localePath(source, code);
      expect(existsSync(file), `${file} is missing`).toBe(true);
      let translation: unknown;
      expect(() => (translation = JSON.parse(readFileSync(file, "utf8"))), `${file} is not valid JSON`).not.toThrow();
      expect(checkLocale(readJson(`${source.dir}/en-gb.json`), translation, code)).toEqual([]);
    });
  }
});
