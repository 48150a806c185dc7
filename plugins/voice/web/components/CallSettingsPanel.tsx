/**
 * Call settings (spec §2 `/app/settings/call-settings`): input mode, voice-activity sensitivity
 * with a live meter, the push-to-talk key, microphone and speaker. Kept in local settings; the
 * settings screens may host this panel later as it is.
 */
import type { VoiceInputMode } from "@hearth/settings/localSettings";
import { Button } from "@hearth/ui/Button";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { keyLabel, thresholdFor, updateCallSettings, useCallSettings } from "../callSettings";
import { callEngine } from "../engine/instance";
import { Microphone } from "../engine/microphone";
import { canChooseOutput } from "../engine/remoteAudio";
import { t } from "../i18n";

const MODES: { mode: VoiceInputMode; label: "settings.voiceActivity" | "settings.pushToTalk" | "settings.open"; hint: "settings.voiceActivityHint" | "settings.pushToTalkHint" | "settings.openHint" }[] = [
  { mode: "VOICE_ACTIVITY", label: "settings.voiceActivity", hint: "settings.voiceActivityHint" },
  { mode: "PUSH_TO_TALK", label: "settings.pushToTalk", hint: "settings.pushToTalkHint" },
  { mode: "OPEN", label: "settings.open", hint: "settings.openHint" },
];

/** The microphone level in 0–1 of the meter (-80…0 dB), from the call, or a preview while shown. */
function useMicLevel(active: boolean): number {
  const [level, setLevel] = useState(-160);
  useEffect(() => {
    if (!active) return;
    let preview: Microphone | null = null;
    let cancelled = false;
    if (callEngine.micLevel() === null) {
      const mic = new Microphone();
      void mic
        .open(useCallSettings.getState().inputDevice)
        .then(() => {
          if (cancelled) mic.close();
          else preview = mic;
        })
        .catch(() => undefined);
    }
    const timer = setInterval(() => setLevel(callEngine.micLevel() ?? preview?.level() ?? -160), 60);
    return () => {
      cancelled = true;
      clearInterval(timer);
      preview?.close();
    };
  }, [active]);
  return level;
}

function useDevices(): MediaDeviceInfo[] {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    const load = () => void media.enumerateDevices().then(setDevices).catch(() => undefined);
    load();
    media.addEventListener?.("devicechange", load);
    return () => media.removeEventListener?.("devicechange", load);
  }, []);
  return devices;
}

function KeyRecorder() {
  const keys = useCallSettings((state) => state.pttKeys);
  const [recording, setRecording] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!recording) return;
    const record = (event: KeyboardEvent) => {
      event.preventDefault();
      event.stopPropagation();
      if (event.code !== "Escape") updateCallSettings({ pttKeys: [event.code] });
      setRecording(false);
      button.current?.focus();
    };
    window.addEventListener("keydown", record, { capture: true, once: true });
    return () => window.removeEventListener("keydown", record, { capture: true });
  }, [recording]);
  return (
    <div className="call-settings__row">
      <span className="call-settings__label">{t("settings.key")}</span>
      <kbd className="call-settings__key" data-testid="ptt-key">
        {keys.length ? keyLabel(keys[0]!) : t("settings.keyNone")}
      </kbd>
      <button type="button" ref={button} className="button button--secondary" onClick={() => setRecording(true)} aria-live="polite">
        {recording ? t("settings.keyRecording") : t("settings.keyRecord")}
      </button>
      {keys.length > 0 && (
        <Button variant="ghost" onClick={() => updateCallSettings({ pttKeys: [] })}>
          {t("settings.keyClear")}
        </Button>
      )}
    </div>
  );
}

function DeviceSelect({ kind, value, onChange, label }: { kind: MediaDeviceKind; value: string | null; onChange: (id: string | null) => void; label: string }) {
  const devices = useDevices().filter((device) => device.kind === kind && device.deviceId && device.deviceId !== "default");
  return (
    <label className="call-settings__row">
      <span className="call-settings__label">{label}</span>
      <select className="call-settings__select" value={value ?? ""} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{t("settings.systemDefault")}</option>
        {devices.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || `${label} ${index + 1}`}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CallSettingsPanel({ compact = false }: { compact?: boolean }) {
  const settings = useCallSettings();
  const level = useMicLevel(settings.inputMode === "VOICE_ACTIVITY");
  const threshold = thresholdFor(settings.sensitivity);
  const toFraction = (db: number) => Math.min(1, Math.max(0, (db + 80) / 80));
  const open = level >= threshold;

  return (
    <div className={`call-settings${compact ? " call-settings--compact" : ""}`} data-testid="call-settings">
      <fieldset className="call-settings__modes">
        <legend className="call-settings__label">{t("settings.inputMode")}</legend>
        {MODES.map(({ mode, label, hint }) => (
          <label key={mode} className="call-settings__mode">
            <input type="radio" name="voice-input-mode" value={mode} checked={settings.inputMode === mode} onChange={() => updateCallSettings({ inputMode: mode })} />
            <span>
              <strong>{t(label)}</strong>
              <span className="muted">{t(hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {settings.inputMode === "VOICE_ACTIVITY" && (
        <div className="call-settings__block">
          <label className="call-settings__label" htmlFor="voice-sensitivity">
            {t("settings.sensitivity")}
          </label>
          <div className="call-settings__meter" aria-hidden="true">
            <span className={`call-settings__level${open ? " call-settings__level--open" : ""}`} style={{ width: `${toFraction(level) * 100}%` }} />
            <span className="call-settings__threshold" style={{ insetInlineStart: `${toFraction(threshold) * 100}%` }} />
          </div>
          <input
            id="voice-sensitivity"
            type="range"
            min={0}
            max={100}
            value={settings.sensitivity}
            onChange={(event) => updateCallSettings({ sensitivity: Number(event.target.value) })}
          />
          <p className="muted call-settings__hint">{t("settings.sensitivityHint")}</p>
        </div>
      )}

      {settings.inputMode === "PUSH_TO_TALK" && <KeyRecorder />}

      <DeviceSelect kind="audioinput" label={t("settings.input")} value={settings.inputDevice} onChange={(id) => updateCallSettings({ inputDevice: id })} />
      {canChooseOutput() ? (
        <DeviceSelect kind="audiooutput" label={t("settings.output")} value={settings.outputDevice} onChange={(id) => updateCallSettings({ outputDevice: id })} />
      ) : (
        <p className="muted call-settings__hint">{t("settings.outputUnsupported")}</p>
      )}
      <p className="muted call-settings__hint">{t("settings.muteOnJoin")}</p>
      {compact && (
        <Link className="call-settings__more" to="/app/settings/call-settings">
          {t("settings.openPage")}
        </Link>
      )}
    </div>
  );
}
