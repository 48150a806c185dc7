/** A microphone or speaker picker: "System default", then the devices the browser lists. */
import { t } from "../i18n";
import { useMediaDevices } from "./useMediaDevices";

interface DeviceSelectProps {
  kind: "audioinput" | "audiooutput";
  label: string;
  value: string | null;
  onChange: (deviceId: string | null) => void;
  /** Changes when the microphone was allowed, so the names are read again. */
  version?: number;
}

export function DeviceSelect({ kind, label, value, onChange, version }: DeviceSelectProps) {
  const devices = useMediaDevices(kind, version);
  const missing = value !== null && devices.length > 0 && !devices.some((device) => device.deviceId === value);
  const unnamed = devices.length > 0 && devices.every((device) => !device.label);
  return (
    <label className="call-settings__row">
      <span className="call-settings__label">{label}</span>
      <select className="call-settings__select" value={value ?? ""} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{t("settings.systemDefault")}</option>
        {devices.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || t("settings.deviceNumber", { kind: label, number: index + 1 })}
          </option>
        ))}
        {missing && <option value={value}>{t("settings.deviceMissing")}</option>}
      </select>
      {unnamed && <span className="muted call-settings__hint call-settings__full">{t("settings.devicesHidden")}</span>}
    </label>
  );
}
