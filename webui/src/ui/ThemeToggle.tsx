import { t } from "../i18n/i18n";
import { THEMES, setTheme } from "../settings/appearance";
import { useLocalSetting } from "../settings/localSettings";
import { Icon } from "./Icon";

/** Cycles through the themes (Default, AMOLED, Light); the choice persists in this browser. */
export function ThemeToggle() {
  const theme = useLocalSetting("theme");
  const themeName = t(`theme.${theme}`);

  const switchTheme = () => {
    const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!;
    setTheme(next);
  };

  return (
    <button
      type="button"
      className="icon-button"
      onClick={switchTheme}
      aria-label={t("theme.switch", { theme: themeName })}
      title={t("theme.switch", { theme: themeName })}
    >
      <Icon name="moon" size={20} />
    </button>
  );
}
