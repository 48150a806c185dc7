/**
 * The call bar's settings popover: the same settings as /app/settings/call-settings (one store,
 * `useCallSettings`), made of the page's own pieces. The meter reads the call's microphone, so no
 * second capture is opened during a call.
 */
import { Link } from "react-router";
import { updateCallSettings, useCallSettings } from "../callSettings";
import { callEngine } from "../engine/instance";
import { canChooseOutput } from "../engine/remoteAudio";
import { t } from "../i18n";
import { DeviceSelect } from "../settings/DeviceSelect";
import { InputLevelMeter } from "../settings/InputLevelMeter";
import { InputModePicker } from "../settings/InputModePicker";
import { KeyRecorder } from "../settings/KeyRecorder";

const callLevel = () => callEngine.micLevel() ?? -160;

export function CallSettingsPanel() {
  const settings = useCallSettings();
  return (
    <div className="call-settings call-settings--compact" data-testid="call-settings">
      <InputModePicker name="voice-input-mode-popover" />
      {settings.inputMode === "PUSH_TO_TALK" && <KeyRecorder />}
      {settings.inputMode === "VOICE_ACTIVITY" && (
        <div className="call-settings__block">
          <span className="call-settings__label">{t("settings.sensitivity")}</span>
          <InputLevelMeter readLevel={callLevel} withThreshold />
        </div>
      )}
      <DeviceSelect kind="audioinput" label={t("settings.input")} value={settings.inputDevice} onChange={(id) => updateCallSettings({ inputDevice: id })} />
      {canChooseOutput() ? (
        <DeviceSelect kind="audiooutput" label={t("settings.output")} value={settings.outputDevice} onChange={(id) => updateCallSettings({ outputDevice: id })} />
      ) : (
        <p className="muted call-settings__hint">{t("settings.outputUnsupported")}</p>
      )}
      <Link className="call-settings__more" to="/app/settings/call-settings">
        {t("settings.openPage")}
      </Link>
    </div>
  );
}
