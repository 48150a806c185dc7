/** The push-to-talk binding: shown by name, recorded from the next key or mouse button pressed. */
import { Button } from "@hearth/ui/Button";
import { useEffect, useRef, useState } from "react";
import { keyLabel, loadKeyboardLayout, updateCallSettings, useCallSettings } from "../callSettings";
import { t } from "../i18n";
import { recordBinding } from "./recordBinding";

export function KeyRecorder() {
  const keys = useCallSettings((state) => state.pttKeys);
  const [recording, setRecording] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => void loadKeyboardLayout(), []);
  useEffect(() => {
    if (!recording) return;
    return recordBinding(window, (binding) => {
      if (binding) updateCallSettings({ pttKeys: [binding] });
      setRecording(false);
      button.current?.focus();
    });
  }, [recording]);

  return (
    <div className="call-settings__row">
      <span className="call-settings__label">{t("settings.key")}</span>
      <kbd className="call-settings__key" data-testid="ptt-key">
        {keys.length ? keyLabel(keys[0]!) : t("settings.keyNone")}
      </kbd>
      <button
        type="button"
        ref={button}
        className={`button button--secondary${recording ? " call-settings__recording" : ""}`}
        aria-pressed={recording}
        data-testid="ptt-record"
        onClick={() => setRecording((on) => !on)}
      >
        {recording ? t("settings.keyRecording") : keys.length ? t("settings.keyRecord") : t("settings.keyRecordFirst")}
      </button>
      {keys.length > 0 && !recording && (
        <Button variant="ghost" onClick={() => updateCallSettings({ pttKeys: [] })}>
          {t("settings.keyClear")}
        </Button>
      )}
      <p className="muted call-settings__hint call-settings__full" aria-live="polite">
        {recording ? t("settings.keyRecordingHint") : t("settings.keyHint")}
      </p>
    </div>
  );
}
