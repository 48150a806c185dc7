/** /app/settings/language: the 19 interface languages, with native names and how complete each is. */
import { languageCompleteness } from "../../i18n/completeness";
import { setLanguage, t, translate, useLanguageStore } from "../../i18n/i18n";
import { usePluginStore } from "../../plugins/pluginStore";
import { SettingsCard, SettingsPage } from "../area/SettingsPage";
import { LANGUAGES } from "../languages";

export default function LanguageSection() {
  const { language, loading } = useLanguageStore();
  const pluginIds = usePluginStore((state) => state.loadedIds);
  const chosen = loading ?? language;

  return (
    <SettingsPage title={t("settings.language.title")} description={t("settings.language.description")} testId="settings-language">
      <SettingsCard title={t("settings.language.choose")} description={t("settings.language.fallback")}>
        <fieldset className="language-list" aria-label={t("settings.language.choose")} aria-busy={loading !== null}>
          {LANGUAGES.map(({ code, nativeName }) => {
            const percent = Math.floor(languageCompleteness(code, pluginIds) * 100);
            return (
              <label key={code} className="language-option" lang={code} data-language={code}>
                <input type="radio" name="language" value={code} checked={chosen === code} onChange={() => void setLanguage(code)} />
                <span className="language-option__names">
                  <span className="language-option__native">{nativeName}</span>
                  <span className="muted" lang={language}>
                    {translate(`settings.language.names.${code}`)}
                  </span>
                </span>
                <span className="language-option__meter" aria-hidden="true">
                  <span style={{ width: `${percent}%` }} />
                </span>
                <span className="language-option__percent" lang={language} data-testid={`completeness-${code}`}>
                  {t("settings.language.completeness", { percent })}
                </span>
              </label>
            );
          })}
        </fieldset>
      </SettingsCard>
    </SettingsPage>
  );
}
