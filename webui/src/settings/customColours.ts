/**
 * Custom colours (interface settings, local setting `customColors`): the user's own values for
 * the theme's main colour variables, set on the root element over whichever theme is chosen.
 * Only hex colours of the variables below are ever applied, whatever localStorage holds; the
 * shades that follow a colour (the accent's hover, soft and contrast colours) are derived here.
 */
import { BLACK, contrastingText, mixColours, parseHexColour, rgbaString, WHITE, type Rgba } from "../ui/colour";
import { safeColour } from "../ui/safeStyle";
import { getLocalSetting, setLocalSetting, type ThemeName } from "./localSettings";

export const CUSTOM_COLOUR_VARIABLES = ["accent", "bg-main", "bg-pane", "bg-rail", "bg-elevated", "text", "text-muted"] as const;
export type CustomColourVariable = (typeof CUSTOM_COLOUR_VARIABLES)[number];
export type CustomColours = Partial<Record<CustomColourVariable, string>>;

/** Each theme's values of those variables, as in styles/theme.css (customColours.test.ts checks). */
export const THEME_COLOURS: Record<ThemeName, Record<CustomColourVariable, string>> = {
  default: { accent: "#f28c38", "bg-main": "#1a1d24", "bg-pane": "#15171d", "bg-rail": "#0b0c10", "bg-elevated": "#21242d", text: "#e9eaef", "text-muted": "#9ba1ae" },
  amoled: { accent: "#f28c38", "bg-main": "#000000", "bg-pane": "#050505", "bg-rail": "#000000", "bg-elevated": "#0d0d0f", text: "#e9eaef", "text-muted": "#8e939d" },
  light: { accent: "#9c4a0f", "bg-main": "#ffffff", "bg-pane": "#f4f5f8", "bg-rail": "#e2e5eb", "bg-elevated": "#ffffff", text: "#1b1e25", "text-muted": "#5c6370" },
};

/** Every property this module may set, so a change or a reset removes what is no longer wanted. */
const MANAGED_PROPERTIES = [...CUSTOM_COLOUR_VARIABLES, "accent-hover", "accent-soft", "accent-contrast", "glow"].map((name) => `--${name}`);

const isVariable = (name: string): name is CustomColourVariable => (CUSTOM_COLOUR_VARIABLES as readonly string[]).includes(name);

/** The known variables with a hex colour; anything else (old keys, CSS, other types) is dropped. */
export function validCustomColours(stored: unknown): CustomColours {
  const colours: CustomColours = {};
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return colours;
  for (const [name, value] of Object.entries(stored)) {
    const colour = safeColour(value);
    if (isVariable(name) && colour) colours[name] = colour;
  }
  return colours;
}

/** The CSS custom properties to set for these colours under this theme, derived shades included. */
export function customColourProperties(colours: CustomColours, theme: ThemeName): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [name, value] of Object.entries(validCustomColours(colours))) properties[`--${name}`] = value;
  const accent = parseHexColour(colours.accent);
  if (accent) Object.assign(properties, accentShades(accent, theme));
  return properties;
}

function accentShades(accent: Rgba, theme: ThemeName): Record<string, string> {
  const light = theme === "light";
  const hover = mixColours(accent, light ? BLACK : WHITE, 0.12);
  return {
    "--accent-hover": rgbaString(hover, accent.a),
    "--accent-soft": rgbaString(accent, light ? 0.12 : 0.14),
    "--accent-contrast": contrastingText(accent),
    "--glow": `radial-gradient(60% 50% at 50% 0%, ${rgbaString(accent, theme === "default" ? 0.16 : 0.1)}, transparent 70%)`,
  };
}

/** Puts the colours on the root element in place of any applied before. */
export function applyCustomColours(colours: CustomColours, theme: ThemeName = getLocalSetting("theme")): void {
  const { style } = document.documentElement;
  for (const property of MANAGED_PROPERTIES) style.removeProperty(property);
  for (const [property, value] of Object.entries(customColourProperties(colours, theme))) style.setProperty(property, value);
}

export function getCustomColours(): CustomColours {
  return validCustomColours(getLocalSetting("customColors"));
}

/** Keeps and applies one colour (null: back to the theme's); a value that is not a hex colour is refused. */
export function setCustomColour(variable: CustomColourVariable, value: string | null): boolean {
  const colour = value === null ? null : safeColour(value);
  if (value !== null && !colour) return false;
  const next: CustomColours = { ...getCustomColours() };
  if (colour) next[variable] = colour;
  else delete next[variable];
  setLocalSetting("customColors", next);
  applyCustomColours(next);
  return true;
}

export function resetCustomColours(): void {
  setLocalSetting("customColors", {});
  applyCustomColours({});
}
