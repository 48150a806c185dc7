/** The server's members grouped by role (hidden roles respected) with presence, and each member's menu. */
import { ClanTag, openUserCard, usePresenceAvailable, usePresenceStatuses, useUserCardAvailable } from "@hearth/plugins/extensions";
import { Avatar } from "@hearth/ui/Avatar";
import { useContextMenu } from "@hearth/ui/contextMenu/useContextMenu";
import { useMemo, useRef } from "react";
import { usePermissionSubject, useServer, useServerMembers, useServerRoles } from "../hooks";
import { t } from "../i18n";
import { displayName, groupMembers, memberColour, type MemberGroup } from "../memberGroups";
import { BotTag } from "@hearth/ui/BotTag";
import { memberActions, type PermissionSubject } from "../permissions";
import { useServersStore } from "../serversStore";
import type { Server, ServerMember } from "../types";
import { ServerIcon } from "./icons";
import { assignableRoles, memberActionLabel, runMemberAction } from "./memberActions";

function MemberRow({ server, member, subject, assignable }: { server: Server; member: ServerMember; subject: PermissionSubject | null; assignable: number }) {
  const roles = useServersStore((state) => state.roles);
  const cards = useUserCardAvailable();
  const row = useRef<HTMLLIElement>(null);
  const name = displayName(member);
  const actions = subject ? memberActions(subject, { userId: member.userId, bot: member.user.bot }, assignable) : [];
  const items = [
    ...(cards
      ? [
          {
            label: t("memberMenu.profile"),
            onSelect: () => row.current && openUserCard({ userId: member.userId, anchor: row.current.getBoundingClientRect(), user: member.user }),
          },
        ]
      : []),
    ...actions.map((action) => ({
      label: memberActionLabel(action),
      danger: action === "kick" || action === "ban" || action === "transfer",
      onSelect: () => subject && runMemberAction(action, server, member, subject),
    })),
  ];
  const { triggerProps, menu, openMenu } = useContextMenu(items);
  const owner = member.userId === server.createdById;

  return (
    <li ref={row} className="member-row" data-testid="member-row" data-user-id={member.userId} {...(items.length ? triggerProps : {})}>
      <button
        type="button"
        className="member-row__main"
        disabled={!cards}
        onClick={(event) => openUserCard({ userId: member.userId, anchor: event.currentTarget.getBoundingClientRect(), user: member.user })}
      >
        <Avatar user={member.user} size={32} presenceUserId={member.userId} />
        <span className="member-row__name" style={{ color: memberColour(member, roles) }}>
          {name}
        </span>
        <ClanTag userId={member.userId} clan={member.user.profile?.clan} />
        {member.user.bot && <BotTag />}
        {owner && (
          <span className="member-row__owner" title={t("members.owner")} aria-label={t("members.owner")}>
            <ServerIcon name="crown" size={14} />
          </span>
        )}
      </button>
      {items.length > 0 && (
        <button
          type="button"
          className="icon-button member-row__more"
          aria-label={t("memberMenu.open", { name })}
          title={t("memberMenu.open", { name })}
          onClick={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            openMenu(rect.left, rect.bottom + 4);
          }}
        >
          <ServerIcon name="dots" size={18} />
        </button>
      )}
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

export function MemberList({ serverId }: { serverId: string }) {
  const server = useServer(serverId);
  const members = useServerMembers(serverId);
  const roles = useServersStore((state) => state.roles);
  const roleList = useServerRoles(serverId);
  const subject = usePermissionSubject(serverId);
  const statuses = usePresenceStatuses();
  const presence = usePresenceAvailable();
  const groups = useMemo(
    () => (server ? groupMembers(members, roles, server.defaultRoleId, presence ? (userId) => Boolean(statuses[userId]) : null) : []),
    [server, members, roles, statuses, presence],
  );
  if (!server) return null;
  const assignable = assignableRoles(server, roleList).length;

  return (
    <div className="member-list" aria-label={t("members.label")} data-testid="member-list">
      {groups.map((group) => (
        <section key={group.key} className="member-group" aria-label={groupTitle(group)}>
          <h3 className="member-group__title">
            {groupTitle(group)} — {group.members.length}
          </h3>
          <ul className="member-group__list">
            {group.members.map((member) => (
              <MemberRow key={member.userId} server={server} member={member} subject={subject} assignable={assignable} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
