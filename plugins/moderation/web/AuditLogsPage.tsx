/** /app/moderation/audit-logs: what moderators did, newest first (admins only, rest.md §8.3). */
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { formatDateTime } from "@hearth/ui/format";
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { useStaffLevel } from "./access";
import { t } from "./i18n";
import { auditLogs } from "./moderationApi";
import { ModerationFrame } from "./ModerationFrame";
import { PagedList } from "./PagedList";
import { SearchBox } from "./SearchBox";
import type { AuditEntry } from "./types";
import { usePaged } from "./usePaged";

export function describeEntry(entry: AuditEntry): string {
  return t(`audit.action.${entry.actionType}` as "audit.action.0", {
    by: entry.actionBy?.username ?? t("audit.someone"),
    user: entry.username ?? entry.userId ?? "",
    server: entry.serverName ?? entry.serverId ?? "",
    count: entry.count ?? 0,
  });
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const servers = usePluginLoaded("servers"); // without it a server's page does not exist
  const target = entry.userId
    ? `/app/moderation/users/${entry.userId}`
    : entry.serverId && servers
      ? `/app/moderation/servers/${entry.serverId}`
      : null;
  return (
    <li className="card moderation-row moderation-row--static" data-action={entry.actionType}>
      <span className="moderation-row__main">
        {target ? <Link to={target}>{describeEntry(entry)}</Link> : <span>{describeEntry(entry)}</span>}
        <span className="muted">
          {formatDateTime(entry.createdAt)}
          {entry.reason ? ` · ${t("audit.reason", { reason: entry.reason })}` : ""}
          {entry.expireAt ? ` · ${t("audit.until", { date: formatDateTime(entry.expireAt) })}` : ""}
        </span>
      </span>
    </li>
  );
}

function AuditList() {
  const [query, setQuery] = useState("");
  const fetchPage = useCallback((after?: string) => auditLogs(query, after), [query]);
  const list = usePaged(fetchPage);
  return (
    <>
      <SearchBox placeholder={t("audit.searchPlaceholder")} onSearch={setQuery} />
      <PagedList {...list} testId="moderation-audit" render={(entry) => <EntryRow key={entry.id} entry={entry} />} />
    </>
  );
}

export default function AuditLogsPage() {
  const level = useStaffLevel();
  return (
    <ModerationFrame title={t("audit.title")}>
      {level === "admin" ? <AuditList /> : <p className="muted">{t("user.adminOnly")}</p>}
    </ModerationFrame>
  );
}
