/**
 * /app/settings/call-settings (spec §2): devices, input mode with the push-to-talk key, the
 * voice-activity threshold over a live meter, and a microphone test. The chosen microphone is
 * open only while this page is shown; leaving it stops every track.
 */
import { SettingsCard, SettingsPage } from "@hearth/settings/area/SettingsPage";
import { Button } from "@hearth/ui/Button";
import { updateCallSettings, useCallSettings } from "../callSettings";
import type { MicrophoneProblem } from "../engine/microphone";
import { canChooseOutput } from "../engine/remoteAudio";
import { t } from "../i18n";
import "../voice.css";
import { DeviceSelect } from "./DeviceSelect";
import { InputLevelMeter } from "./InputLevelMeter";
import { InputModePicker } from "./InputModePicker";
import { KeyRecorder } from "./KeyRecorder";
import { MicrophoneTest } from "./MicrophoneTest";
import { useMicrophonePreview } from "./useMicrophonePreview";

const PROBLEMS = {
  unsupported: "problems.unsupported",
  denied: "problems.denied",
  missing: "problems.missing",
  busy: "problems.busy",
} as const satisfies Record<MicrophoneProblem, string>;

export default function CallSettingsPage() {
  const settings = useCallSettings();
  const preview = useMicrophonePreview(settings.inputDevice);

  return (
    <SettingsPage title={t("settings.title")} description={t("settings.description")} testId="call-settings">
      <SettingsCard title={t("settings.devices")}>
        {preview.problem && (
          <div className="call-settings__problem" role="alert" data-testid="mic-problem">
            <span>{t(PROBLEMS[preview.problem])}</span>
            {preview.problem !== "unsupported" && <Button onClick={preview.retry}>{t("problems.retry")}</Button>}
          </div>
        )}
        <DeviceSelect kind="audioinput" label={t("settings.input")} value={settings.inputDevice} version={preview.opened} onChange={(id) => updateCallSettings({ inputDevice: id })} />
        {canChooseOutput() ? (
          <DeviceSelect kind="audiooutput" label={t("settings.output")} value={settings.outputDevice} version={preview.opened} onChange={(id) => updateCallSettings({ outputDevice: id })} />
        ) : (
          <p className="muted call-settings__hint" data-testid="output-unsupported">
            {t("settings.outputUnsupported")}
          </p>
        )}
      </SettingsCard>

      <SettingsCard title={t("settings.inputMode")} description={t("settings.muteOnJoin")}>
        <InputModePicker />
        {settings.inputMode === "PUSH_TO_TALK" && <KeyRecorder />}
      </SettingsCard>

      <SettingsCard
        title={settings.inputMode === "VOICE_ACTIVITY" ? t("settings.sensitivity") : t("settings.level")}
        description={settings.inputMode === "VOICE_ACTIVITY" ? t("settings.sensitivityHint") : t("settings.levelHint")}
      >
        <InputLevelMeter readLevel={preview.level} withThreshold={settings.inputMode === "VOICE_ACTIVITY"} />
      </SettingsCard>

      <SettingsCard title={t("settings.test")} description={t("settings.testHint")}>
        <MicrophoneTest track={preview.track} />
      </SettingsCard>
    </SettingsPage>
  );
}
