/**
 * Server settings › Notifications, for admins: the server's default ping mode (Hearth's addition,
 * as Discord's "Default Notification Settings"), which members who chose none of their own follow.
 */
import { FormError } from "@hearth/ui/form/FormError";
import { useId, useState } from "react";
import { t } from "../i18n";
import { DEFAULT_MODES, saveNotificationDefault, serverDefaultPing, useNotificationSettings, type NotificationMode } from "../notificationSettings";
import { errorText } from "../serversApi";
import { SettingsCard } from "./ui";

export function DefaultNotificationsCard({ serverId }: { serverId: string }) {
  const current = useNotificationSettings((state) => serverDefaultPing(state.defaults, serverId));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = useId();

  const choose = async (mode: NotificationMode) => {
    setPending(true);
    setError(null);
    try {
      await saveNotificationDefault(serverId, mode);
    } catch (caught) {
      setError(errorText(caught, t("notifications.saveFailed")));
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsCard title={t("notifications.defaultTitle")} description={t("notifications.defaultHint")} testId="notification-default">
      <fieldset className="notification-modes" disabled={pending}>
        <legend className="field__label">{t("notifications.ping")}</legend>
        {DEFAULT_MODES.map((mode) => (
          <label key={mode} className="notification-modes__choice">
            <input type="radio" name={name} value={String(mode)} checked={current === mode} onChange={() => void choose(mode)} />
            <span>{t(`notifications.defaultModes.${mode}`)}</span>
          </label>
        ))}
      </fieldset>
      <p className="muted" aria-live="polite">{pending ? t("notifications.saving") : null}</p>
      <FormError message={error} />
    </SettingsCard>
  );
}
