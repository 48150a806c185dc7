/** The server's members grouped by role (hidden roles respected) with presence, and each member's user menu; loaded a page at a time. */
import { ClanTag } from "../../../clans/web/public";
import { openUserCard, useUserCardAvailable } from "@hearth/plugins/extensions";
import { usePresenceAvailable, usePresenceStatuses } from "../../../presence/web/public";
import { useUserContextMenu } from "@hearth/plugins/userMenu";
import { menuPointUnder } from "@hearth/ui/contextMenu/useContextMenu";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { formatNumber } from "@hearth/i18n/i18n";
import { EmojiText } from "@hearth/ui/emoji/Emoji";
import { offsetWithin, scrollParent } from "@hearth/ui/virtualList/scrollParent";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useMemberList, useServer, useServerMembers } from "../hooks";
import { t } from "../i18n";
import { isComplete, loadMemberPage } from "../memberLists";
import { displayName, groupMembers, memberColour, memberListRows, type MemberGroup } from "../memberGroups";
import { BotTag } from "@hearth/ui/BotTag";
import { useServersStore } from "../serversStore";
import type { Server, ServerMember } from "../types";
import { ServerIcon } from "./icons";

function MemberRow({ server, member }: { server: Server; member: ServerMember }) {
  const roles = useServersStore((state) => state.roles);
  const cards = useUserCardAvailable();
  const name = displayName(member);
  const { triggerProps, menu, openMenu } = useUserContextMenu({ userId: member.userId, user: member.user, serverId: server.id });
  const owner = member.userId === server.createdById;

  return (
    <li className="member-row" data-testid="member-row" data-user-id={member.userId} {...triggerProps}>
      <button
        type="button"
        className="member-row__main"
        disabled={!cards}
        onClick={(event) => openUserCard({ userId: member.userId, anchor: event.currentTarget.getBoundingClientRect(), user: member.user })}
      >
        <Avatar user={member.user} size={32} presenceUserId={member.userId} />
        <span className="member-row__name" style={{ color: memberColour(member, roles) }}>
          <EmojiText text={name} />
        </span>
        <ClanTag userId={member.userId} clan={member.user.profile?.clan} />
        {member.user.bot && <BotTag />}
        {owner && (
          <span className="member-row__owner" role="img" title={t("members.owner")} aria-label={t("members.owner")}>
            <ServerIcon name="crown" size={14} />
          </span>
        )}
      </button>
      <button
        type="button"
        className="icon-button member-row__more"
        aria-label={t("memberMenu.open", { name })}
        title={t("memberMenu.open", { name })}
        aria-haspopup="menu"
        onClick={(event) => {
          const { x, y } = menuPointUnder(event.currentTarget, 4);
          openMenu(x, y);
        }}
      >
        <ServerIcon name="dots" size={18} />
      </button>
      {menu}
    </li>
  );
}

function groupTitle(group: MemberGroup): string {
  if (group.role) return group.role.name;
  if (group.key === "offline") return t("members.offline");
  if (group.key === "online") return t("members.online");
  return t("members.members");
}

const MEMBER_ROW_PX = 44;
const GROUP_ROW_PX = 34;
/** Rows before the end of what is loaded at which the next page is asked for. */
const PREFETCH_ROWS = 25;

function MoreRow({ serverId, failed }: { serverId: string; failed: boolean }) {
  return (
    <li className="member-list__more" data-testid="member-list-more">
      {failed ? (
        <>
          <span className="muted">{t("members.loadFailed")}</span>
          <Button variant="secondary" onClick={() => void loadMemberPage(serverId)}>
            {t("members.retry")}
          </Button>
        </>
      ) : (
        <span className="muted" role="status">
          {t("members.loading")}
        </span>
      )}
    </li>
  );
}

/**
 * The members loaded so far, grouped (online by role, online, offline), in a virtualised list
 * that follows the scrolling of the pane it is in and asks for the next page near its end.
 * Memoised: the drawer beside a channel is drawn again on every switch of channel, the list and its
 * rows' measuring (a layout of the page) need not be.
 */
export const MemberList = memo(function MemberList({ serverId }: { serverId: string }) {
  const server = useServer(serverId);
  const members = useServerMembers(serverId);
  const roles = useServersStore((state) => state.roles);
  const statuses = usePresenceStatuses();
  const presence = usePresenceAvailable();
  const list = useMemberList(serverId);
  const complete = isComplete(list);
  const rows = useMemo(() => {
    const groups = server ? groupMembers(members, roles, server.defaultRoleId, presence ? (userId) => Boolean(statuses[userId]) : null) : [];
    return memberListRows(groups, complete ? null : (list?.groups ?? null), !complete);
  }, [server, members, roles, statuses, presence, complete, list]);

  const listRef = useRef<HTMLDivElement>(null);
  const windowRef = useRef<HTMLUListElement>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const element = listRef.current;
    const parent = scrollParent(element);
    setScroller(parent);
    if (element && parent) setMargin(offsetWithin(element, parent));
  }, []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: (index) => (rows[index]?.kind === "group" ? GROUP_ROW_PX : MEMBER_ROW_PX),
    getItemKey: (index) => rows[index]?.key ?? index,
    scrollMargin: margin,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();

  // Rows are measured as drawn (a long name or a bigger font makes them taller).
  useLayoutEffect(() => {
    const drawn = windowRef.current?.children ?? [];
    items.forEach((item, position) => {
      const element = drawn[position];
      if (!(element instanceof HTMLElement)) return;
      element.dataset.index = String(item.index);
      virtualizer.measureElement(element);
    });
  });

  const lastIndex = items[items.length - 1]?.index ?? -1;
  const wantsMore = !complete && list !== undefined && !list.loading && !list.failed && lastIndex >= rows.length - 1 - PREFETCH_ROWS;
  useEffect(() => {
    if (wantsMore) void loadMemberPage(serverId);
  }, [wantsMore, serverId]);

  if (!server) return null;

  return (
    <div ref={listRef} className="member-list" data-testid="member-list">
      <div className="member-list__spacer" style={{ height: virtualizer.getTotalSize() }}>
        <ul
          ref={windowRef}
          className="member-list__window"
          aria-label={t("members.label")}
          style={{ transform: `translateY(${(items[0]?.start ?? margin) - margin}px)` }}
        >
          {items.map((item) => {
            const row = rows[item.index]!;
            if (row.kind === "group") {
              return (
                <li key={row.key} className="member-group__title">
                  <h3>
                    {groupTitle(row.group)} — {formatNumber(row.count)}
                  </h3>
                </li>
              );
            }
            if (row.kind === "more") return <MoreRow key={row.key} serverId={serverId} failed={Boolean(list?.failed)} />;
            return <MemberRow key={row.key} server={server} member={row.member} />;
          })}
        </ul>
      </div>
    </div>
  );
});
