import { useCallback, useEffect, useState } from "react";
import { describeError } from "@hearth/api/requestErrors";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { formatDateTime } from "@hearth/ui/format";
import { promptForPassword } from "@hearth/ui/modal/PasswordPrompt";
import { getSessions, revokeOtherSessions, revokeSession, type AccountSession } from "../accountsApi";
import { t } from "../i18n";
import { SettingsSection } from "../SettingsSection";

/** "Firefox 133 · Windows" from the server's reading of the user agent, else the device kind. */
function deviceName(session: AccountSession): string {
  const parts = [session.device?.browser, session.device?.os].filter(Boolean);
  if (parts.length > 0) return parts.join(" · ");
  return session.device ? t("sessions.unknownDevice") : t(`sessions.device.${session.deviceType}`);
}

function SessionRow({ session, isCurrent, onRevoke }: { session: AccountSession; isCurrent: boolean; onRevoke: () => void }) {
  return (
    <li className="session-row" data-testid="session-row">
      <div className="session-row__text">
        <span className="session-row__device">
          {deviceName(session)}
          {isCurrent && <span className="badge badge--ok">{t("sessions.thisDevice")}</span>}
        </span>
        <span className="muted">
          <bdi>{session.location || t("sessions.unknownLocation")}</bdi> · {t("sessions.lastSeen", { time: formatDateTime(session.lastSeenAt) })}
          {session.createdAt !== undefined && <> · {t("sessions.signedIn", { time: formatDateTime(session.createdAt) })}</>}
        </span>
      </div>
      {!isCurrent && (
        <Button variant="danger" onClick={onRevoke}>
          {t("sessions.revoke")}
        </Button>
      )}
    </li>
  );
}

/** The devices signed in to this account; any but this one can be signed out with the password,
 * one at a time or all at once. */
export function SessionsSection() {
  const currentSessionId = useSelfUserStore((state) => state.sessionId);
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setSessions(await getSessions());
      setError(null);
    } catch (failure) {
      setError(describeError(failure));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const isCurrent = (session: AccountSession) => session.current ?? session.sessionId === currentSessionId;

  const askToRevoke = (session: AccountSession) =>
    promptForPassword({
      title: t("sessions.revokeTitle"),
      message: t("sessions.revokeMessage"),
      confirmLabel: t("sessions.revoke"),
      submit: async (password) => {
        await revokeSession(session.sessionId, password);
        await reload();
      },
    });

  const askToRevokeOthers = () =>
    promptForPassword({
      title: t("sessions.logOutOthersTitle"),
      message: t("sessions.logOutOthersMessage"),
      confirmLabel: t("sessions.logOutOthers"),
      submit: async (password) => {
        await revokeOtherSessions(password);
        await reload();
      },
    });

  const others = sessions?.filter((session) => !isCurrent(session)).length ?? 0;

  return (
    <SettingsSection title={t("sessions.title")} description={t("sessions.subtitle")}>
      <FormError message={error} />
      {sessions === null && !error && <p className="muted">{t("sessions.loading")}</p>}
      {sessions?.length === 0 && <p className="muted">{t("sessions.empty")}</p>}
      {sessions && sessions.length > 0 && (
        <ul className="session-list">
          {sessions.map((session) => (
            <SessionRow key={session.sessionId} session={session} isCurrent={isCurrent(session)} onRevoke={() => askToRevoke(session)} />
          ))}
        </ul>
      )}
      {others > 0 && (
        <div className="session-actions">
          <Button variant="danger" onClick={askToRevokeOthers}>
            {t("sessions.logOutOthers")}
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
