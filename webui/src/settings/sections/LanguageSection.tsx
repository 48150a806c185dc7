/** /app/settings/language: the 19 interface languages, with native names and how complete each is. */
import { useState } from "react";
import { getLanguage, languageCompleteness, setLanguage, t, translate } from "../../i18n/i18n";
import { SettingsCard, SettingsPage } from "../area/SettingsPage";
import { LANGUAGES } from "../languages";

export default function LanguageSection() {
  const [current, setCurrent] = useState(getLanguage());
  const choose = (code: string) => {
    setLanguage(code);
    setCurrent(code);
  };

  return (
    <SettingsPage title={t("settings.language.title")} description={t("settings.language.description")} testId="settings-language">
      <SettingsCard title={t("settings.language.choose")} description={t("settings.language.fallback")}>
        <fieldset className="language-list" aria-label={t("settings.language.choose")}>
          {LANGUAGES.map(({ code, nativeName }) => {
            const percent = Math.floor(languageCompleteness(code) * 100);
            return (
              <label key={code} className="language-option" lang={code} data-language={code}>
                <input type="radio" name="language" value={code} checked={current === code} onChange={() => choose(code)} />
                <span className="language-option__names">
                  <span className="language-option__native">{nativeName}</span>
                  <span className="muted" lang={getLanguage()}>
                    {translate(`settings.language.names.${code}`)}
                  </span>
                </span>
                <span className="language-option__meter" aria-hidden="true">
                  <span style={{ width: `${percent}%` }} />
                </span>
                <span className="language-option__percent" lang={getLanguage()}>
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
