import { drawNavigationAtOnce } from "@hearth/navigation/urgentNavigation";
import { describeError } from "@hearth/api/requestErrors";
import { ClanTag } from "../../clans/web/public";
import { Avatar } from "@hearth/ui/Avatar";
import { Icon } from "@hearth/ui/Icon";
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { useMemo, useState } from "react";
import { NavLink, useLocation, useNavigate } from "react-router";
import { usePendingIncomingCount } from "../../friends/web/public";
import { useMentionCount, useReadState } from "../../messages/web/public";
import { t } from "./i18n";
import { closeDirectMessage, inboxPath } from "./inboxApi";
import { inboxSlots } from "./slots";
import { sortInboxes, useInboxStore } from "./inboxStore";
import type { Inbox } from "./types";
import { useUserContextMenu } from "@hearth/plugins/userMenu";
import "./inbox.css";

const itemClass = ({ isActive }: { isActive: boolean }) => `dm-item${isActive ? " dm-item--active" : ""}`;

function DmItem({ inbox, active, instant }: { inbox: Inbox; active: boolean; instant: boolean }) {
  const unread = useMentionCount(inbox.channelId);
  const navigate = useNavigate();
  const [closing, setClosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = inbox.recipient.username;
  const { triggerProps, menu } = useUserContextMenu({ userId: inbox.recipient.id, user: inbox.recipient });

  const close = async () => {
    setClosing(true);
    setError(null);
    try {
      await closeDirectMessage(inbox.channelId);
      if (active) navigate("/app/inbox");
    } catch (failure) {
      setError(describeError(failure));
      setClosing(false);
    }
  };

  return (
    <li className={`dm-list__entry${unread ? " dm-list__entry--unread" : ""}`} data-testid="dm-item" data-channel-id={inbox.channelId} {...triggerProps}>
      {/* From another conversation (its page loaded, a DM's pane kept once shown): drawn in the click's task. */}
      <NavLink to={inboxPath(inbox.channelId)} className={itemClass} title={error ?? undefined} onClick={instant ? drawNavigationAtOnce : undefined}>
        <Avatar user={inbox.recipient} size={32} presenceUserId={inbox.recipient.id} />
        <span className="dm-item__label">
          <span className="dm-item__name">{name}</span>
          <ClanTag userId={inbox.recipient.id} clan={inbox.recipient.profile?.clan} />
        </span>
        {unread > 0 && (
          <span className="nav-badge" role="img" aria-label={t("list.unread", { count: unread })}>
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </NavLink>
      <button type="button" className="icon-button dm-item__close" aria-label={t("list.close", { user: name })} title={t("list.close", { user: name })} disabled={closing} onClick={() => void close()}>
        {closing ? <span className="spinner" aria-hidden="true" /> : <Icon name="close" size={16} />}
      </button>
      {menu}
    </li>
  );
}

/** The conversation shown, from the address (/app/inbox/{channelId}). */
function useActiveChannelId(): string | undefined {
  const { pathname } = useLocation();
  return /^\/app\/inbox\/([^/]+)/.exec(pathname)?.[1];
}

/**
 * Home's side pane (the shell's `HomeSidebarItems`, on Home, the inbox and every screen without a
 * side pane of its own): the friends entry, then every open conversation, newest first, each with
 * its unread count and the recipient's presence.
 */
export function DmList() {
  const activeChannelId = useActiveChannelId();
  const inboxes = useInboxStore((state) => state.inboxes);
  const channels = useReadState((state) => state.channels);
  const pending = usePendingIncomingCount();
  const friends = usePluginLoaded("friends"); // optional: without it, no friends entry
  const sorted = useMemo(() => sortInboxes(Object.values(inboxes), channels), [inboxes, channels]);
  const listActions = inboxSlots.conversationListActions.use();
  const listSections = inboxSlots.conversationListSections.use();

  return (
    <nav className="dm-list" aria-label={t("list.label")}>
      {friends && (
        <NavLink to="/app/inbox" end className={itemClass}>
          <span className="dm-item__icon">
            <Icon name="users" size={20} />
          </span>
          <span className="dm-item__name">{t("list.friends")}</span>
          {pending > 0 && <span className="nav-badge">{pending}</span>}
        </NavLink>
      )}
      <div className="dm-list__heading">
        <h2 className="dm-list__title">{t("list.title")}</h2>
        {listActions.map((Action, index) => (
          <Action key={index} />
        ))}
      </div>
      {listSections.map((Section, index) => (
        <Section key={index} />
      ))}
      {sorted.length === 0 ? (
        <p className="dm-list__empty muted">{friends ? t("list.empty") : t("list.emptyWithoutFriends")}</p>
      ) : (
        <ul className="dm-list__items">
          {sorted.map((inbox) => (
            <DmItem key={inbox.channelId} inbox={inbox} active={inbox.channelId === activeChannelId} instant={activeChannelId !== undefined} />
          ))}
        </ul>
      )}
    </nav>
  );
}
