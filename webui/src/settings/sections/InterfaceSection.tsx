/** /app/settings/interface: theme, font size and custom colours, applied at once and kept in this browser. */
import { Link } from "react-router";
import { t } from "../../i18n/i18n";
import { FONT_SIZES, setFontSize, setTheme, THEMES } from "../appearance";
import { SettingsCard, SettingsPage } from "../area/SettingsPage";
import { THEME_COLOURS } from "../customColours";
import { useLocalSetting, type ThemeName } from "../localSettings";
import { CustomColoursCard } from "./CustomColoursCard";

/** The colours each theme card shows: background, pane, text, accent. */
const swatches = (theme: ThemeName) => (["bg-main", "bg-pane", "text", "accent"] as const).map((variable) => THEME_COLOURS[theme][variable]);

export default function InterfaceSection() {
  const theme = useLocalSetting("theme");
  const fontSize = useLocalSetting("fontSize");

  return (
    <SettingsPage title={t("settings.interface.title")} description={t("settings.interface.description")} testId="settings-interface">
      <SettingsCard title={t("settings.interface.theme")}>
        <fieldset className="settings-choices" aria-label={t("settings.interface.theme")}>
          {THEMES.map((name) => (
            <label key={name} className="settings-choice">
              <input type="radio" name="theme" value={name} checked={theme === name} onChange={() => setTheme(name)} />
              <span className="theme-swatch" aria-hidden="true">
                {swatches(name).map((colour, index) => (
                  <span key={index} style={{ background: colour }} />
                ))}
              </span>
              {t(`theme.${name}`)}
            </label>
          ))}
        </fieldset>
      </SettingsCard>
      <SettingsCard title={t("settings.interface.fontSize")} description={t("settings.interface.fontSizeHint")}>
        <div className="settings-range">
          <input
            type="range"
            min={FONT_SIZES.min}
            max={FONT_SIZES.max}
            step={1}
            value={fontSize}
            aria-label={t("settings.interface.fontSize")}
            aria-valuetext={t("settings.interface.pixels", { size: fontSize })}
            onChange={(event) => setFontSize(Number(event.target.value))}
          />
          <output data-testid="font-size-value">{t("settings.interface.pixels", { size: fontSize })}</output>
        </div>
        <div>
          <button type="button" className="button button--secondary" disabled={fontSize === FONT_SIZES.default} onClick={() => setFontSize(FONT_SIZES.default)}>
            {t("settings.interface.resetFontSize")}
          </button>
        </div>
      </SettingsCard>
      <CustomColoursCard />
      <SettingsCard title={t("settings.interface.customCss")} description={t("settings.interface.customCssHint")}>
        <div>
          <Link to="/app/settings/interface/custom-css">{t("settings.interface.openCustomCss")}</Link>
        </div>
      </SettingsCard>
    </SettingsPage>
  );
}
