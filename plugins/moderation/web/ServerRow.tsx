import { cdnUrl } from "@hearth/api/cdn";
import { initialsColours } from "@hearth/ui/colour";
import { formatDateTime } from "@hearth/ui/format";
import { Link } from "react-router";
import { t } from "./i18n";
import type { ModServer } from "./types";

export function ServerIcon({ server, size = 40 }: { server: Pick<ModServer, "name" | "avatar" | "hexColor">; size?: number }) {
  const style = { width: size, height: size, fontSize: size * 0.4, ...initialsColours(server.hexColor) };
  return server.avatar ? (
    <img className="moderation-server-icon" src={cdnUrl(server.avatar)} alt="" style={style} />
  ) : (
    <span className="moderation-server-icon" style={style} aria-hidden="true">
      {server.name.charAt(0).toUpperCase()}
    </span>
  );
}

export function ServerFlags({ server }: { server: ModServer }) {
  return (
    <>
      {server.verified && <span className="badge badge--ok">{t("servers.verified")}</span>}
      {server.scheduledForDeletion && <span className="badge moderation-badge--danger">{t("servers.scheduled")}</span>}
      {server.publicServer?.pinnedAt ? (
        <span className="badge badge--warn">{t("servers.pinned")}</span>
      ) : (
        server.publicServer && <span className="badge moderation-badge">{t("servers.listed")}</span>
      )}
    </>
  );
}

export function ServerRow({ server }: { server: ModServer }) {
  return (
    <li>
      <Link className="card moderation-row" to={`/app/moderation/servers/${server.id}`}>
        <ServerIcon server={server} />
        <span className="moderation-row__main">
          <strong>{server.name}</strong>
          <span className="muted">
            {server.createdBy ? t("servers.createdBy", { user: `${server.createdBy.username}:${server.createdBy.tag}` }) : ""}
            {" · "}
            {server.messageCount !== undefined
              ? t("servers.messages", { count: server.messageCount, people: server.userMessageCount ?? 0 })
              : t("servers.created", { date: formatDateTime(server.createdAt) })}
          </span>
        </span>
        <span className="moderation-row__flags">
          <ServerFlags server={server} />
        </span>
      </Link>
    </li>
  );
}
