// @vitest-environment node
// (theme.css is read from disk: vitest hands CSS imports over empty, even with ?raw)
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { normaliseHex } from "../ui/colour";
import { CUSTOM_COLOUR_VARIABLES, THEME_COLOURS } from "./customColours";

const themeCss = readFileSync(fileURLToPath(new URL("../styles/theme.css", import.meta.url)), "utf8");

/** The variables a theme's block in theme.css sets (Default's block is the base of the others). */
function themeBlock(theme: string): Record<string, string> {
  const start = themeCss.indexOf(`:root[data-theme="${theme}"] {`);
  const block = themeCss.slice(start, themeCss.indexOf("}", start));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
}

describe("the custom colours' theme defaults", () => {
  it("are each theme's colours as theme.css sets them", () => {
    for (const theme of ["default", "amoled", "light"] as const) {
      const css = { ...themeBlock("default"), ...themeBlock(theme) };
      for (const variable of CUSTOM_COLOUR_VARIABLES) expect(THEME_COLOURS[theme][variable], `${theme} --${variable}`).toBe(normaliseHex(css[variable] ?? "", "missing"));
    }
  });
});
