/**
 * /settings/notifications: the user's ping and sound modes for the server, and
 * /settings/notifications/{channelId}: the same for one channel, which may use the server default.
 */
import { FormError } from "@hearth/ui/form/FormError";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { usePermissionSubject, useServerChannels } from "../hooks";
import { t } from "../i18n";
import {
  coupledModes,
  findModes,
  NOTIFICATION_MODES,
  saveNotificationModes,
  serverDefaultPing,
  useNotificationSettings,
  type NotificationMode,
  type NotificationModes,
} from "../notificationSettings";
import { canViewChannel, isAdmin } from "../permissions";
import { DefaultNotificationsCard } from "./DefaultNotificationsCard";
import { CATEGORY_TYPE } from "../serversStore";
import { errorText } from "../serversApi";
import { SettingsCard } from "./ui";

type Choice = NotificationMode | null;
export const modeLabel = (mode: Choice) => (mode === null ? t("notifications.useDefault") : t(`notifications.modes.${mode}`));
const choiceValue = (mode: Choice) => (mode === null ? "default" : String(mode));

function ModeGroup({ legend, value, allowDefault, onChange, testId }: { legend: string; value: Choice; allowDefault: boolean; onChange: (mode: Choice) => void; testId: string }) {
  const name = useId();
  const choices: Choice[] = allowDefault ? [null, ...NOTIFICATION_MODES] : [...NOTIFICATION_MODES];
  return (
    <fieldset className="notification-modes" data-testid={testId}>
      <legend className="field__label">{legend}</legend>
      {choices.map((mode) => (
        <label key={choiceValue(mode)} className="notification-modes__choice">
          <input type="radio" name={name} value={choiceValue(mode)} checked={value === mode} onChange={() => onChange(mode)} />
          <span>{modeLabel(mode)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The ping and sound radios of a server (channelId null) or a channel, saved as soon as one changes. */
export function ModesEditor({ serverId, channelId, showCoupling = true }: { serverId: string; channelId: string | null; showCoupling?: boolean }) {
  const settings = useNotificationSettings((state) => state.settings);
  const serverDefault = useNotificationSettings((state) => serverDefaultPing(state.defaults, serverId));
  const stored = findModes(settings, serverId, channelId);
  const serverModes = findModes(settings, serverId, null);
  const isChannel = channelId !== null;
  // A server with nothing stored follows its default (all messages unless its admins chose mentions only).
  const ping: Choice = isChannel ? stored.notificationPingMode : (stored.notificationPingMode ?? serverDefault);
  const sound: Choice = isChannel ? stored.notificationSoundMode : (stored.notificationSoundMode ?? 0);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (modes: Partial<NotificationModes>) => {
    setPending(true);
    setError(null);
    try {
      await saveNotificationModes(serverId, channelId, modes);
    } catch (caught) {
      setError(errorText(caught, t("notifications.saveFailed")));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="notification-editor">
      <div className="notification-editor__groups">
        <ModeGroup
          legend={t("notifications.ping")}
          testId="notification-ping"
          value={ping}
          allowDefault={isChannel}
          onChange={(mode) => void save(coupledModes(mode, sound, serverModes.notificationSoundMode ?? 0))}
        />
        <ModeGroup
          legend={t("notifications.sound")}
          testId="notification-sound"
          value={sound}
          allowDefault={isChannel}
          onChange={(mode) => void save({ notificationSoundMode: mode })}
        />
      </div>
      <p className="muted" aria-live="polite">{pending ? t("notifications.saving") : showCoupling ? t("notifications.coupling") : null}</p>
      <FormError message={error} />
    </div>
  );
}

export function NotificationsSection({ serverId, channelId }: { serverId: string; channelId?: string }) {
  const subject = usePermissionSubject(serverId);
  const allChannels = useServerChannels(serverId);
  const channels = useMemo(
    () => allChannels.filter((channel) => channel.type !== CATEGORY_TYPE && (!subject || canViewChannel(subject, channel))),
    [allChannels, subject],
  );
  const settings = useNotificationSettings((state) => state.settings);
  const base = `/app/servers/${serverId}/settings/notifications`;

  if (channelId) {
    const channel = allChannels.find((item) => item.id === channelId);
    return (
      <div className="stack" data-testid="notifications-channel">
        <Link to={base}>← {t("notifications.backToServer")}</Link>
        {channel ? (
          <SettingsCard title={t("notifications.channelTitle", { name: channel.name ?? "" })} description={t("notifications.channelHint")}>
            <ModesEditor serverId={serverId} channelId={channelId} />
          </SettingsCard>
        ) : (
          <p className="muted">{t("notifications.missingChannel")}</p>
        )}
      </div>
    );
  }

  return (
    <div className="stack" data-testid="notifications-section">
      <SettingsCard title={t("notifications.serverTitle")} description={t("notifications.serverHint")}>
        <ModesEditor serverId={serverId} channelId={null} />
      </SettingsCard>
      {subject && isAdmin(subject) && <DefaultNotificationsCard serverId={serverId} />}
      <SettingsCard title={t("notifications.channelsTitle")} description={t("notifications.channelsHint")}>
        {channels.length === 0 ? (
          <p className="muted">{t("channels.none")}</p>
        ) : (
          <ul className="notification-channels">
            {channels.map((channel) => {
              const modes = findModes(settings, serverId, channel.id);
              const custom = modes.notificationPingMode !== null || modes.notificationSoundMode !== null;
              return (
                <li key={channel.id}>
                  <Link className="notification-channels__link" to={`${base}/${channel.id}`}>
                    <span>#{channel.name}</span>
                    <span className="muted">{custom ? t("notifications.custom") : t("notifications.useDefault")}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </SettingsCard>
    </div>
  );
}
