/** Applies the chosen theme, font size, custom colours, experiments and custom CSS from local settings to the page. */
import { applyCustomColours, getCustomColours } from "./customColours";
import { getLocalSetting, setLocalSetting, type ThemeName } from "./localSettings";

export const THEMES: readonly ThemeName[] = ["default", "amoled", "light"];
export const FONT_SIZES = { min: 12, max: 22, default: 15 } as const;
const CUSTOM_CSS_ELEMENT_ID = "hearth-custom-css";

export function applyAppearance(): void {
  const root = document.documentElement;
  root.dataset.theme = getLocalSetting("theme");
  applyCustomColours(getCustomColours());
  applyFontSize(getLocalSetting("fontSize"));
  root.dataset.experiments = getLocalSetting("enabledExperiments").join(" ");
  applyCustomCss(getLocalSetting("customCss"));
}

export function setTheme(theme: ThemeName): void {
  setLocalSetting("theme", theme);
  document.documentElement.dataset.theme = theme;
  applyCustomColours(getCustomColours(), theme); // the accent's derived shades differ per theme
}

const clampFontSize = (size: number) =>
  Number.isFinite(size) ? Math.min(FONT_SIZES.max, Math.max(FONT_SIZES.min, Math.round(size))) : FONT_SIZES.default;

function applyFontSize(size: number): void {
  document.documentElement.style.setProperty("--app-font-size", `${clampFontSize(size)}px`);
}

export function setFontSize(size: number): void {
  setLocalSetting("fontSize", clampFontSize(size));
  applyFontSize(size);
}

/** Puts CSS on the page without storing it (the custom CSS editor's preview); empty removes it. */
export function applyCustomCss(css: string): void {
  const existing = document.getElementById(CUSTOM_CSS_ELEMENT_ID);
  if (!css) {
    existing?.remove();
    return;
  }
  const style = existing ?? document.head.appendChild(document.createElement("style"));
  style.id = CUSTOM_CSS_ELEMENT_ID;
  style.textContent = css;
}

export function saveCustomCss(css: string): void {
  setLocalSetting("customCss", css);
  applyCustomCss(css);
}

export function setExperimentEnabled(id: string, enabled: boolean): void {
  const current = getLocalSetting("enabledExperiments").filter((item) => item !== id);
  const next = enabled ? [...current, id] : current;
  setLocalSetting("enabledExperiments", next);
  document.documentElement.dataset.experiments = next.join(" ");
}
