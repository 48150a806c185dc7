/** Voice activity (the default, spec §3), push to talk or always on. */
import type { VoiceInputMode } from "@hearth/settings/localSettings";
import { updateCallSettings, useCallSettings } from "../callSettings";
import { t } from "../i18n";

const MODES = [
  { mode: "VOICE_ACTIVITY", label: "settings.voiceActivity", hint: "settings.voiceActivityHint" },
  { mode: "PUSH_TO_TALK", label: "settings.pushToTalk", hint: "settings.pushToTalkHint" },
  { mode: "OPEN", label: "settings.open", hint: "settings.openHint" },
] as const satisfies readonly { mode: VoiceInputMode; label: string; hint: string }[];

export function InputModePicker({ name = "voice-input-mode" }: { name?: string }) {
  const inputMode = useCallSettings((state) => state.inputMode);
  return (
    <fieldset className="call-settings__modes" aria-label={t("settings.inputMode")}>
      {MODES.map(({ mode, label, hint }) => (
        <label key={mode} className="call-settings__mode">
          <input type="radio" name={name} value={mode} checked={inputMode === mode} onChange={() => updateCallSettings({ inputMode: mode })} />
          <span>
            <strong>{t(label)}</strong>
            <span className="muted">{t(hint)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
