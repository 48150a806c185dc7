/** Applies the chosen theme, custom colours and custom CSS from local settings to the page. */
import { getLocalSetting, setLocalSetting, type ThemeName } from "./localSettings";

export const THEMES: readonly ThemeName[] = ["default", "amoled"];
const CUSTOM_CSS_ELEMENT_ID = "hearth-custom-css";

export function applyAppearance(): void {
  const root = document.documentElement;
  root.dataset.theme = getLocalSetting("theme");
  for (const [variable, value] of Object.entries(getLocalSetting("customColors"))) {
    root.style.setProperty(`--${variable}`, value);
  }
  const customCss = getLocalSetting("customCss");
  if (customCss) {
    const style = document.getElementById(CUSTOM_CSS_ELEMENT_ID) ?? document.head.appendChild(document.createElement("style"));
    style.id = CUSTOM_CSS_ELEMENT_ID;
    style.textContent = customCss;
  }
}

export function setTheme(theme: ThemeName): void {
  setLocalSetting("theme", theme);
  document.documentElement.dataset.theme = theme;
}
