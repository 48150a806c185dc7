import { Avatar } from "@hearth/ui/Avatar";
import { useMemo, useState } from "react";
import { FriendStatus, useFriendsStore } from "../../friends/web/public";
import { t } from "./i18n";

interface FriendPickerProps {
  chosen: Set<string>;
  onToggle: (userId: string, on: boolean) => void;
  /** Friends who cannot be chosen (already in the group). */
  exclude?: Set<string>;
  /** How many more may be chosen. */
  room: number;
}

/** A searchable list of one's friends with a checkbox each. */
export function FriendPicker({ chosen, onToggle, exclude, room }: FriendPickerProps) {
  const friends = useFriendsStore((state) => state.friends);
  const [query, setQuery] = useState("");
  const list = useMemo(
    () =>
      Object.values(friends)
        .filter((friend) => friend.status === FriendStatus.FRIENDS && !exclude?.has(friend.recipient.id))
        .map((friend) => friend.recipient)
        .sort((a, b) => a.username.localeCompare(b.username)),
    [friends, exclude],
  );
  const shown = list.filter((user) => user.username.toLowerCase().includes(query.trim().toLowerCase()));

  if (list.length === 0) return <p className="muted">{t("create.noFriends")}</p>;
  return (
    <div className="friend-picker">
      <input className="field__input friend-picker__search" type="search" value={query} placeholder={t("create.search")} aria-label={t("create.search")} onChange={(event) => setQuery(event.target.value)} />
      {shown.length === 0 ? (
        <p className="muted">{t("create.noMatch")}</p>
      ) : (
        <ul className="friend-picker__list" aria-label={t("create.pick")}>
          {shown.map((user) => {
            const on = chosen.has(user.id);
            return (
              <li key={user.id}>
                <label className="friend-picker__row">
                  <Avatar user={user} size={28} />
                  <span className="friend-picker__name">{user.username}</span>
                  <input type="checkbox" checked={on} disabled={!on && room <= 0} onChange={(event) => onToggle(user.id, event.target.checked)} />
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
