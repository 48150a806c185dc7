import { Avatar } from "@hearth/ui/Avatar";
import { formatDateTime } from "@hearth/ui/format";
import { Link } from "react-router";
import { t } from "./i18n";
import type { ModUser } from "./types";

export function UserFlags({ user }: { user: Pick<ModUser, "suspension" | "shadowBan" | "bot"> }) {
  return (
    <>
      {user.bot && <span className="badge moderation-badge">{t("users.bot")}</span>}
      {user.suspension && <span className="badge moderation-badge--danger">{t("users.suspended")}</span>}
      {user.shadowBan && <span className="badge badge--warn">{t("users.shadowBanned")}</span>}
    </>
  );
}

export function UserRow({ user }: { user: ModUser }) {
  return (
    <li>
      <Link className="card moderation-row" to={`/app/moderation/users/${user.id}`}>
        <Avatar user={user} size={36} />
        <span className="moderation-row__main">
          <strong>
            {user.username}:{user.tag}
          </strong>
          {user.joinedAt !== undefined && <span className="muted">{t("users.joined", { date: formatDateTime(user.joinedAt) })}</span>}
        </span>
        <span className="moderation-row__flags">
          <UserFlags user={user} />
        </span>
      </Link>
    </li>
  );
}
