/** /app/moderation/users: every user, ordered and filtered, or a search. */
import { useCallback, useState } from "react";
import { t } from "./i18n";
import { listUsers, searchUsers, type UserListQuery } from "./moderationApi";
import { ModerationFrame } from "./ModerationFrame";
import { PagedList } from "./PagedList";
import { SearchBox } from "./SearchBox";
import { UserRow } from "./UserRow";
import { usePaged } from "./usePaged";

export default function UsersPage() {
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState<UserListQuery>({ orderBy: "joinedAt", order: "desc", filter: "" });
  const fetchPage = useCallback(
    (after?: string) => (search ? searchUsers(search, after) : listUsers(query, after)),
    [search, query],
  );
  const list = usePaged(fetchPage);
  return (
    <ModerationFrame title={t("users.title")}>
      <SearchBox placeholder={t("users.searchPlaceholder")} onSearch={setSearch} />
      {!search && (
        <div className="moderation-controls">
          <label className="field">
            <span className="field__label">{t("users.orderBy")}</span>
            <select className="field__input" value={query.orderBy} onChange={(event) => setQuery({ ...query, orderBy: event.target.value as UserListQuery["orderBy"] })}>
              <option value="joinedAt">{t("users.joinedAt")}</option>
              <option value="username">{t("users.username")}</option>
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t("users.order")}</span>
            <select className="field__input" value={query.order} onChange={(event) => setQuery({ ...query, order: event.target.value as UserListQuery["order"] })}>
              <option value="desc">{t("users.desc")}</option>
              <option value="asc">{t("users.asc")}</option>
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t("users.filter")}</span>
            <select className="field__input" value={query.filter} onChange={(event) => setQuery({ ...query, filter: event.target.value as UserListQuery["filter"] })}>
              <option value="">{t("users.everyone")}</option>
              <option value="suspension">{t("users.suspended")}</option>
              <option value="shadowBan">{t("users.shadowBanned")}</option>
              <option value="bot">{t("users.bots")}</option>
            </select>
          </label>
        </div>
      )}
      <PagedList {...list} testId="moderation-users" render={(user) => <UserRow key={user.id} user={user} />} />
    </ModerationFrame>
  );
}
