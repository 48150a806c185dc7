import { drawNavigationAtOnce } from "@hearth/navigation/urgentNavigation";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useMemo } from "react";
import { NavLink, useLocation } from "react-router";
import { useMentionCount, useReadState } from "../../messages/web/public";
import { GroupAvatar } from "./GroupAvatar";
import { groupPath } from "./groupsApi";
import { groupTitle, useGroupsStore } from "./groupsStore";
import { t } from "./i18n";
import type { GroupDm } from "./types";
import "./groups.css";

function GroupItem({ group, active, instant, selfId }: { group: GroupDm; active: boolean; instant: boolean; selfId: string | undefined }) {
  const unread = useMentionCount(group.channelId);
  const title = groupTitle(group, selfId);
  return (
    <li className={`dm-list__entry${unread ? " dm-list__entry--unread" : ""}`} data-testid="group-item" data-channel-id={group.channelId}>
      <NavLink to={groupPath(group.channelId)} className={`dm-item group-item${active ? " dm-item--active" : ""}`} onClick={instant ? drawNavigationAtOnce : undefined}>
        <GroupAvatar group={group} selfId={selfId} />
        <span className="group-item__text">
          <span className="dm-item__name">{title}</span>
          <span className="group-item__count muted">{t("list.members", { count: group.members.length })}</span>
        </span>
        {unread > 0 && (
          <span className="nav-badge" role="img" aria-label={t("list.unread", { count: unread })}>
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </NavLink>
    </li>
  );
}

/** The groups in Home's conversation list (above the DMs), most recently active first. */
export function GroupList() {
  const groups = useGroupsStore((state) => state.groups);
  const channels = useReadState((state) => state.channels);
  const selfId = useSelfUserStore((state) => state.user?.id);
  const active = /^\/app\/groups\/([^/]+)/.exec(useLocation().pathname)?.[1];
  const sorted = useMemo(() => {
    const activity = (group: GroupDm) => channels[group.channelId]?.lastMessagedAt ?? group.createdAt;
    return Object.values(groups).sort((a, b) => activity(b) - activity(a));
  }, [groups, channels]);
  if (sorted.length === 0) return null;
  return (
    <ul className="dm-list__items group-list" aria-label={t("list.label")}>
      {sorted.map((group) => (
        <GroupItem key={group.channelId} group={group} active={group.channelId === active} instant={active !== undefined} selfId={selfId} />
      ))}
    </ul>
  );
}
