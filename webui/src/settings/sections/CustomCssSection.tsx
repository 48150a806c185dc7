/**
 * /app/settings/interface/custom-css: an editor whose draft is applied to the whole page as a
 * preview while the section is open; Save keeps it in this browser, leaving without saving
 * puts the saved CSS back.
 */
import { useEffect, useId, useState } from "react";
import { t } from "../../i18n/i18n";
import { Button } from "../../ui/Button";
import { applyCustomCss, saveCustomCss } from "../appearance";
import { SettingsCard, SettingsPage } from "../area/SettingsPage";
import { getLocalSetting, useLocalSetting } from "../localSettings";

/** Bound on what is kept in localStorage (and re-parsed on every page load). */
const MAX_CSS_LENGTH = 50_000;

export default function CustomCssSection() {
  const saved = useLocalSetting("customCss");
  const [draft, setDraft] = useState(saved);
  const [justSaved, setJustSaved] = useState(false);
  const editorId = useId();

  useEffect(() => applyCustomCss(draft), [draft]);
  useEffect(() => () => applyCustomCss(getLocalSetting("customCss")), []);

  const changed = draft !== saved;
  return (
    <SettingsPage title={t("settings.customCss.title")} description={t("settings.customCss.description")} testId="settings-custom-css">
      <SettingsCard title={t("settings.customCss.editor")}>
        <label className="field__label" htmlFor={editorId}>
          {t("settings.customCss.editorLabel")}
        </label>
        <textarea
          id={editorId}
          className="field__input custom-css-editor"
          spellCheck={false}
          maxLength={MAX_CSS_LENGTH}
          value={draft}
          placeholder={t("settings.customCss.placeholder")}
          onChange={(event) => {
            setDraft(event.target.value);
            setJustSaved(false);
          }}
        />
        <p className="field__hint">{t("settings.customCss.previewHint")}</p>
        <div className="button-row">
          <Button
            variant="primary"
            disabled={!changed}
            onClick={() => {
              saveCustomCss(draft);
              setJustSaved(true);
            }}
          >
            {t("settings.customCss.save")}
          </Button>
          <Button disabled={!changed} onClick={() => setDraft(saved)}>
            {t("settings.customCss.discard")}
          </Button>
          {justSaved && !changed && (
            <span className="settings-saved" role="status">
              {t("settings.saved")}
            </span>
          )}
        </div>
      </SettingsCard>
      <SettingsCard title={t("settings.customCss.preview")}>
        <div className="custom-css-preview" data-testid="custom-css-preview">
          <p>{t("settings.customCss.sampleText")}</p>
          <p className="muted">{t("settings.customCss.sampleMuted")}</p>
          <div className="button-row">
            <button type="button" className="button button--primary">
              {t("settings.customCss.sampleButton")}
            </button>
            <a href="#custom-css-preview" onClick={(event) => event.preventDefault()}>
              {t("settings.customCss.sampleLink")}
            </a>
          </div>
        </div>
      </SettingsCard>
    </SettingsPage>
  );
}
