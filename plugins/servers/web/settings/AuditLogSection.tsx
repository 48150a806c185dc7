/** Audit logs (ADMIN): who did what, newest first, 50 at a time. */
import { Button } from "@hearth/ui/Button";
import { formatDateTime } from "@hearth/ui/format";
import { useCallback, useEffect, useState } from "react";
import { t } from "../i18n";
import { errorText, fetchAuditLogs } from "../serversApi";
import type { AuditLog } from "../types";
import { ListState, SettingsCard } from "./ui";

const PAGE = 50;

const KNOWN_ACTIONS = [
  "SERVER_OWNERSHIP_UPDATE",
  "SERVER_DELETE",
  "SERVER_UPDATE",
  "SERVER_USER_BAN",
  "SERVER_USER_UNBAN",
  "SERVER_USER_KICK",
  "SERVER_USER_UPDATE",
  "SERVER_USER_MUTE",
  "SERVER_USER_UNMUTE",
  "SERVER_CHANNEL_CREATE",
  "SERVER_CHANNEL_UPDATE",
  "SERVER_CHANNEL_DELETE",
  "SERVER_ROLE_CREATE",
  "SERVER_ROLE_UPDATE",
  "SERVER_ROLE_DELETE",
] as const;

type KnownAction = (typeof KNOWN_ACTIONS)[number];

/** One sentence per entry, naming the people and things its data refers to. */
export function describeAuditLog(log: AuditLog, users: Record<string, string>): string {
  const data = log.data ?? {};
  const user = (key: string) => {
    const id = data[key];
    return typeof id === "string" ? (users[id] ?? id) : t("audit.someone");
  };
  const text = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : "");
  const actor = log.actionById === "System" ? t("audit.system") : (users[log.actionById] ?? log.actionById);
  if (!(KNOWN_ACTIONS as readonly string[]).includes(log.actionType)) return t("audit.unknown", { actor, action: log.actionType });
  const vars: Record<string, string> = {
    actor,
    name: text("name") || text("serverName"),
    target: user(["bannedUserId", "unbannedUserId", "kickedUserId", "mutedUserId", "unmutedUserId"].find((key) => typeof data[key] === "string") ?? ""),
    newOwner: user("newOwnerUserId"),
  };
  return t(`audit.actions.${log.actionType as KnownAction}`, vars);
}

export function AuditLogSection({ serverId }: { serverId: string }) {
  const [logs, setLogs] = useState<AuditLog[]>([]);
  const [users, setUsers] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(true);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (after?: string) => {
      setLoading(true);
      setError(null);
      try {
        const page = await fetchAuditLogs(serverId, after);
        setLogs((current) => (after ? [...current, ...page.auditLogs] : page.auditLogs));
        setUsers((current) => ({ ...current, ...Object.fromEntries(page.users.map((entry) => [entry.id, entry.username])) }));
        setMore(page.auditLogs.length >= PAGE);
      } catch (failure) {
        setError(errorText(failure, t("errors.generic")));
      } finally {
        setLoading(false);
      }
    },
    [serverId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <SettingsCard title={t("settings.sections.audit-logs")} description={t("audit.hint")}>
      {logs.length > 0 && (
        <ol className="audit-list" data-testid="audit-list">
          {logs.map((log) => (
            <li key={log.id} className="audit-list__entry">
              <span>{describeAuditLog(log, users)}</span>
              {log.reason && <span className="muted">{t("audit.reason", { reason: log.reason })}</span>}
              <time className="muted audit-list__time" dateTime={new Date(log.createdAt).toISOString()}>
                {formatDateTime(log.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
      <ListState loading={loading && logs.length === 0} error={logs.length === 0 ? error : null} empty={!loading && logs.length === 0} emptyText={t("audit.empty")} retry={() => void load()} />
      {logs.length > 0 && (more || error) && (
        <div className="button-row">
          <Button loading={loading} onClick={() => void load(logs.at(-1)?.id)}>
            {t("audit.more")}
          </Button>
          {error && <span className="form-error">{error}</span>}
        </div>
      )}
    </SettingsCard>
  );
}
