import { describeError } from "@hearth/api/requestErrors";
import { ClanTag } from "../../clans/web/public";
import { openDirectMessage, openUserCard, useDirectMessagesAvailable, useUserCardAvailable } from "@hearth/plugins/extensions";
import { usePresenceAvailable, usePresenceStatuses } from "../../presence/web/public";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { Icon } from "@hearth/ui/Icon";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { useMemo, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { AddFriendForm } from "./AddFriendForm";
import { acceptFriendRequest, blockUser, removeFriend, unblockUser } from "./friendsApi";
import { groupFriends, useFriendsStore } from "./friendsStore";
import { t } from "./i18n";
import { FriendStatus, type Friend } from "./types";
import "./friends.css";
import { useNamedAction } from "@hearth/ui/form/useNamedAction";
import { useUserContextMenu } from "@hearth/plugins/userMenu";

type Tab = "online" | "all" | "pending" | "blocked";
const TABS: Tab[] = ["online", "all", "pending", "blocked"];

function FriendRow({ friend }: { friend: Friend }) {
  const { recipient } = friend;
  const name = `${recipient.username}:${recipient.tag}`;
  const statuses = usePresenceStatuses();
  const presence = usePresenceAvailable();
  const dms = useDirectMessagesAvailable();
  const cards = useUserCardAvailable();
  const navigate = useNavigate();
  // one row action at a time, its progress on its button and any error under the row
  const { action: busy, error, run } = useNamedAction<string>(describeError);
  const menu = useUserContextMenu({ userId: recipient.id, user: recipient });

  const confirmThen = async (title: string, message: string, confirmLabel: string, action: () => Promise<unknown>, danger = true) => {
    if (await confirmAction({ title, message, confirmLabel, danger })) await action();
  };

  let subtitle: string;
  let actions: ReactNode;
  switch (friend.status) {
    case FriendStatus.PENDING:
      subtitle = t("row.incoming");
      actions = (
        <>
          <Button variant="primary" loading={busy === "accept"} onClick={() => void run("accept", () => acceptFriendRequest(recipient.id))}>
            {t("actions.accept")}
          </Button>
          <Button loading={busy === "decline"} onClick={() => void run("decline", () => removeFriend(recipient.id))}>
            {t("actions.decline")}
          </Button>
        </>
      );
      break;
    case FriendStatus.SENT:
      subtitle = t("row.outgoing");
      actions = (
        <Button loading={busy === "cancel"} onClick={() => void run("cancel", () => removeFriend(recipient.id))}>
          {t("actions.cancel")}
        </Button>
      );
      break;
    case FriendStatus.BLOCKED:
      subtitle = t("row.blocked");
      actions = (
        <Button
          loading={busy === "unblock"}
          onClick={() =>
            void run("unblock", () =>
              confirmThen(t("confirm.unblockTitle", { user: name }), t("confirm.unblockText", { user: name }), t("actions.unblock"), () => unblockUser(recipient.id), false),
            )
          }
        >
          {t("actions.unblock")}
        </Button>
      );
      break;
    default:
      subtitle = presence ? t(`status.${statuses[recipient.id] ?? 0}` as "status.0") : t("row.friend");
      actions = (
        <>
          {dms && (
            <Button
              loading={busy === "message"}
              onClick={() =>
                void run("message", async () => {
                  navigate(await openDirectMessage(recipient.id));
                })
              }
            >
              <Icon name="chat" size={16} />
              {t("actions.message")}
            </Button>
          )}
          <Button
            variant="ghost"
            loading={busy === "remove"}
            onClick={() =>
              void run("remove", () =>
                confirmThen(t("confirm.removeTitle"), t("confirm.removeText", { user: name }), t("actions.remove"), () => removeFriend(recipient.id)),
              )
            }
          >
            {t("actions.remove")}
          </Button>
          <Button
            variant="ghost"
            loading={busy === "block"}
            onClick={() =>
              void run("block", () =>
                confirmThen(t("confirm.blockTitle", { user: name }), t("confirm.blockText", { user: name }), t("actions.block"), () => blockUser(recipient)),
              )
            }
          >
            {t("actions.block")}
          </Button>
        </>
      );
  }

  const identity = (
    <>
      <Avatar user={recipient} size={36} presenceUserId={friend.status === FriendStatus.FRIENDS ? recipient.id : undefined} />
      <span className="friend-row__names">
        <span className="friend-row__name">
          <span className="friend-row__handle">
            {recipient.username}
            <span className="friend-row__tag">:{recipient.tag}</span>
          </span>
          <ClanTag userId={recipient.id} clan={recipient.profile?.clan} />
        </span>
        <span className="friend-row__subtitle">{subtitle}</span>
      </span>
    </>
  );

  return (
    <li className="friend-row" data-testid="friend-row" data-user-id={recipient.id} data-friend-status={friend.status} {...menu.triggerProps}>
      {cards ? (
        <button
          type="button"
          className="friend-row__identity"
          onClick={(event) => openUserCard({ userId: recipient.id, anchor: event.currentTarget.getBoundingClientRect(), user: recipient })}
        >
          {identity}
        </button>
      ) : (
        <span className="friend-row__identity">{identity}</span>
      )}
      <div className="friend-row__actions" role="group" aria-label={t("actions.more", { user: name })}>
        {actions}
      </div>
      {error && (
        <p className="friend-row__error" role="alert">
          {error}
        </p>
      )}
      {menu.menu}
    </li>
  );
}

function FriendSection({ title, friends }: { title: string; friends: Friend[] }) {
  if (!friends.length) return null;
  return (
    <section className="friend-section">
      <h3 className="friend-section__title">{title}</h3>
      <ul className="friend-list">
        {friends.map((friend) => (
          <FriendRow key={friend.recipientId} friend={friend} />
        ))}
      </ul>
    </section>
  );
}

/** Friends: the add form and the Online / All / Pending / Blocked lists, live. */
export function FriendsPane() {
  const friends = useFriendsStore((state) => state.friends);
  const statuses = usePresenceStatuses();
  const presence = usePresenceAvailable();
  const groups = useMemo(() => groupFriends(friends, statuses), [friends, statuses]);
  const [tab, setTab] = useState<Tab>(() => (groups.incoming.length ? "pending" : "online"));

  const counts: Record<Tab, number> = {
    online: groups.online.length,
    all: groups.all.length,
    pending: groups.incoming.length + groups.outgoing.length,
    blocked: groups.blocked.length,
  };

  const empty = (
    <p className="friends-pane__empty muted">{tab === "online" && !presence ? t("empty.noPresence") : t(`empty.${tab}`)}</p>
  );

  return (
    <div className="friends-pane" data-testid="friends-pane">
      <AddFriendForm />
      <div className="friends-pane__tabs" role="tablist" aria-label={t("tabs.label")}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`friends-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="friends-tabpanel"
            className={`friends-pane__tab${tab === name ? " friends-pane__tab--active" : ""}`}
            onClick={() => setTab(name)}
          >
            {t(`tabs.${name}`)}
            {name === "pending" && groups.incoming.length > 0 ? (
              <span className="nav-badge">{groups.incoming.length}</span>
            ) : (
              counts[name] > 0 && <span className="friends-pane__count">{counts[name]}</span>
            )}
          </button>
        ))}
      </div>
      <div className="friends-pane__panel" role="tabpanel" id="friends-tabpanel" aria-labelledby={`friends-tab-${tab}`}>
        {tab === "online" && (groups.online.length ? <FriendSection title={t("sections.online", { count: groups.online.length })} friends={groups.online} /> : empty)}
        {tab === "all" && (groups.all.length ? <FriendSection title={t("sections.all", { count: groups.all.length })} friends={groups.all} /> : empty)}
        {tab === "pending" &&
          (counts.pending ? (
            <>
              <FriendSection title={t("sections.incoming", { count: groups.incoming.length })} friends={groups.incoming} />
              <FriendSection title={t("sections.outgoing", { count: groups.outgoing.length })} friends={groups.outgoing} />
            </>
          ) : (
            empty
          ))}
        {tab === "blocked" && (groups.blocked.length ? <FriendSection title={t("sections.blocked", { count: groups.blocked.length })} friends={groups.blocked} /> : empty)}
      </div>
    </div>
  );
}
