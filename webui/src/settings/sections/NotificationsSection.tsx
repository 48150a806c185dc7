/**
 * /app/settings/notifications: desktop notifications (the browser's permission), the sounds of
 * spec §9 with a preview each, mute and volume (all kept in this browser), the in-app pop-ups,
 * then the cards plugins add (Web Push, each server's and channel's modes).
 */
import { useState } from "react";
import { t } from "../../i18n/i18n";
import { setDesktopNotifications, showDesktopNotification, useDesktopPermission, type DesktopPermission } from "../../notifications/desktopNotifications";
import { NOTIFICATION_SOUNDS, SOUND_KINDS, type SoundKind } from "../../notifications/soundCatalogue";
import { chosenSound, MAX_VOLUME, clampVolume, previewSound } from "../../notifications/soundPlayer";
import { pushToast } from "../../notifications/toastStore";
import { NotificationSettingsCards } from "../../plugins/extensions";
import { SettingsCard, SettingsPage, SettingsSelect, SettingsToggle } from "../area/SettingsPage";
import { getLocalSetting, setLocalSetting, useLocalSetting } from "../localSettings";
import "../../notifications/notifications.css";

function permissionText(permission: DesktopPermission): string {
  return t(`settings.notifications.permission.${permission}`);
}

function DesktopCard() {
  const enabled = useLocalSetting("desktopNotifications");
  const [permission, setPermission] = useDesktopPermission();
  const [busy, setBusy] = useState(false);
  const usable = permission !== "unsupported" && permission !== "denied";

  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      setPermission(await setDesktopNotifications(wanted));
    } finally {
      setBusy(false);
    }
  };

  const test = () =>
    showDesktopNotification({
      title: t("settings.notifications.testTitle"),
      body: t("settings.notifications.testBody"),
      tag: "hearth-test",
      onClick: () => undefined,
    });

  return (
    <SettingsCard title={t("settings.notifications.desktop")} description={t("settings.notifications.desktopHint")}>
      <SettingsToggle
        label={t("settings.notifications.desktopToggle")}
        checked={enabled && permission === "granted"}
        disabled={busy || !usable}
        onChange={(wanted) => void change(wanted)}
      />
      <p className={`permission-state permission-state--${permission}`} role="status" data-testid="desktop-permission">
        {permissionText(permission)}
      </p>
      {enabled && permission === "granted" && (
        <div>
          <button type="button" className="button button--secondary" onClick={test}>
            {t("settings.notifications.test")}
          </button>
        </div>
      )}
    </SettingsCard>
  );
}

function SoundChoice({ kind }: { kind: SoundKind }) {
  useLocalSetting("notificationSounds");
  const sound = chosenSound(kind);
  const choose = (name: typeof sound) => setLocalSetting("notificationSounds", { ...getLocalSetting("notificationSounds"), [kind]: name });
  const label = t(`settings.notifications.kinds.${kind}`);
  return (
    <div className="sound-choice">
      <SettingsSelect label={label} value={sound} choices={NOTIFICATION_SOUNDS.map((name) => ({ value: name, label: t(`settings.notifications.sounds.${name}`) }))} onChange={choose} />
      <button
        type="button"
        className="button button--secondary"
        aria-label={t("settings.notifications.previewOf", { kind: label })}
        disabled={sound === "none"}
        onClick={() => previewSound(sound)}
      >
        {t("settings.notifications.preview")}
      </button>
    </div>
  );
}

function SoundsCard() {
  const muted = useLocalSetting("notificationsMuted");
  const volume = clampVolume(useLocalSetting("notificationVolume"));
  return (
    <SettingsCard title={t("settings.notifications.soundsTitle")} description={t("settings.notifications.soundsHint")}>
      <SettingsToggle
        label={t("settings.notifications.mute")}
        description={t("settings.notifications.muteHint")}
        checked={muted}
        onChange={(value) => setLocalSetting("notificationsMuted", value)}
      />
      <div className="field">
        <span className="field__label" aria-hidden="true">
          {t("settings.notifications.volume")}
        </span>
        <div className="settings-range">
          <input
            type="range"
            min={0}
            max={MAX_VOLUME}
            step={1}
            value={volume}
            aria-label={t("settings.notifications.volume")}
            aria-valuetext={t("settings.notifications.volumeValue", { volume, max: MAX_VOLUME })}
            onChange={(event) => setLocalSetting("notificationVolume", Number(event.target.value))}
          />
          <output data-testid="volume-value">{t("settings.notifications.volumeValue", { volume, max: MAX_VOLUME })}</output>
        </div>
      </div>
      {SOUND_KINDS.map((kind) => (
        <SoundChoice key={kind} kind={kind} />
      ))}
    </SettingsCard>
  );
}

function InAppCard() {
  const example = () =>
    pushToast({ id: `example-${Date.now()}`, title: t("settings.notifications.exampleTitle"), body: t("settings.notifications.exampleBody"), path: "/app/settings/notifications" });
  return (
    <SettingsCard title={t("settings.notifications.inApp")} description={t("settings.notifications.inAppHint")}>
      <div>
        <button type="button" className="button button--secondary" onClick={example}>
          {t("settings.notifications.showExample")}
        </button>
      </div>
    </SettingsCard>
  );
}

export default function NotificationsSection() {
  return (
    <SettingsPage title={t("settings.notifications.title")} description={t("settings.notifications.description")} testId="settings-notifications">
      <DesktopCard />
      <SoundsCard />
      <InAppCard />
      <NotificationSettingsCards />
    </SettingsPage>
  );
}
