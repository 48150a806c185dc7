/** The side pane of a server: its name and menu, then the channels the user can view, by category. */
import { getLocalSetting, setLocalSetting } from "@hearth/settings/localSettings";
import { useContextMenu } from "@hearth/ui/contextMenu/useContextMenu";
import { useMemo, useState } from "react";
import { NavLink, useNavigate } from "react-router";
import { EmojiText } from "@hearth/ui/emoji/Emoji";
import { useMentionCount } from "../../../messages/web/public";
import { usePermissionSubject, useServer, useServerChannels } from "../hooks";
import { t } from "../i18n";
import { ChannelPermission, isOwner, visibleSettingsSections } from "../permissions";
import { CATEGORY_TYPE, visibleChannelTree } from "../serversStore";
import type { Server, ServerChannel } from "../types";
import { useChannelUnread } from "../unread";
import { useServerContributions } from "../contributions";
import { ServerIcon } from "./icons";
import { confirmLeaveServer } from "./serverActions";

/** Private to the default role: only some roles (or admins) see it. */
function isPrivate(server: Server, channel: ServerChannel): boolean {
  const everyone = channel.permissions?.find((entry) => entry.roleId === server.defaultRoleId)?.permissions ?? 0;
  return (everyone & ChannelPermission.PUBLIC_CHANNEL) === 0;
}

/** A channel's icon: its emoji when it has a short one, else a hash. */
export function ChannelGlyph({ channel }: { channel: ServerChannel }) {
  const icon = channel.icon && Array.from(channel.icon).length <= 8 ? channel.icon : null;
  return <span className="channel-item__icon">{icon ?? <ServerIcon name="hash" size={18} />}</span>;
}

function ChannelItem({ server, channel }: { server: Server; channel: ServerChannel }) {
  const unread = useChannelUnread(channel.id);
  const mentions = useMentionCount(channel.id);
  const extras = useServerContributions((state) => state.channelItemExtras);
  const name = channel.name ?? "";
  return (
    <li>
      <NavLink
        to={`/app/servers/${server.id}/${channel.id}`}
        className={({ isActive }) => `channel-item${isActive ? " channel-item--active" : ""}${unread ? " channel-item--unread" : ""}`}
        data-testid="channel-item"
        data-channel-id={channel.id}
        data-unread={unread || undefined}
        title={name}
      >
        <ChannelGlyph channel={channel} />
        <span className="channel-item__name">
          <EmojiText text={name} />
        </span>
        {isPrivate(server, channel) && (
          <span className="channel-item__private" role="img" title={t("channels.private")} aria-label={t("channels.private")}>
            <ServerIcon name="lock" size={14} />
          </span>
        )}
        {mentions > 0 && (
          <span className="nav-badge" role="img" aria-label={t("channels.mentions", { count: mentions })}>
            {mentions > 99 ? "99+" : mentions}
          </span>
        )}
        {unread && mentions === 0 && <span className="channel-item__dot" role="img" aria-label={t("channels.unread")} />}
      </NavLink>
      {extras.map((Extra, index) => (
        <Extra key={index} serverId={server.id} channelId={channel.id} />
      ))}
    </li>
  );
}

function ServerHeader({ server }: { server: Server }) {
  const navigate = useNavigate();
  const subject = usePermissionSubject(server.id);
  const sections = subject ? visibleSettingsSections(subject) : [];
  const owner = subject ? isOwner(subject) : false;
  const { menu, openMenu } = useContextMenu([
    { label: t("serverMenu.invite"), onSelect: () => navigate(`/app/servers/${server.id}/settings/invites`) },
    { label: t("serverMenu.notifications"), onSelect: () => navigate(`/app/servers/${server.id}/settings/notifications`) },
    ...(sections.length ? [{ label: t("serverMenu.settings"), onSelect: () => navigate(`/app/servers/${server.id}/settings`) }] : []),
    { label: t("serverMenu.welcome"), onSelect: () => navigate(`/app/servers/${server.id}/welcome`) },
    { label: t("serverMenu.members"), onSelect: () => navigate(`/app/servers/${server.id}/members`) },
    ...(!owner ? [{ label: t("serverMenu.leave"), danger: true, onSelect: () => confirmLeaveServer(server, navigate) }] : []),
  ]);
  return (
    <div className={`server-sidebar__header${server.banner ? " server-sidebar__header--banner" : ""}`}>
      <h2 className="server-sidebar__name" data-testid="server-name" title={server.name}>
        <EmojiText text={server.name} />
      </h2>
      <button
        type="button"
        className="icon-button"
        aria-label={t("serverMenu.label")}
        title={t("serverMenu.label")}
        onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          openMenu(rect.left, rect.bottom + 4);
        }}
      >
        <ServerIcon name="dots" />
      </button>
      {menu}
    </div>
  );
}

export function ChannelSidebar({ serverId, activeChannelId }: { serverId: string; activeChannelId?: string }) {
  const server = useServer(serverId);
  const subject = usePermissionSubject(serverId);
  const channels = useServerChannels(serverId);
  const tree = useMemo(() => visibleChannelTree(channels, subject), [channels, subject]);
  const [collapsed, setCollapsed] = useState<string[]>(() => getLocalSetting("collapsedServerCategories"));

  if (!server) return null;

  const toggle = (categoryId: string) => {
    const current = getLocalSetting("collapsedServerCategories");
    const next = current.includes(categoryId) ? current.filter((id) => id !== categoryId) : [...current, categoryId];
    setLocalSetting("collapsedServerCategories", next);
    setCollapsed(next);
  };

  return (
    <div className="server-sidebar">
      <ServerHeader server={server} />
      <nav className="server-sidebar__channels" aria-label={t("channels.label")}>
        {tree.length === 0 && <p className="muted server-sidebar__empty">{t("channels.none")}</p>}
        <ul className="channel-list">
          {tree.map(({ channel, children }) => {
            if (channel.type !== CATEGORY_TYPE) return <ChannelItem key={channel.id} server={server} channel={channel} />;
            const isCollapsed = collapsed.includes(channel.id);
            // A collapsed category still shows the channel being viewed.
            const shown = isCollapsed ? children.filter((child) => child.id === activeChannelId) : children;
            return (
              <li key={channel.id} className="channel-category" data-testid="channel-category" data-channel-id={channel.id}>
                <button type="button" className="channel-category__toggle" aria-expanded={!isCollapsed} onClick={() => toggle(channel.id)}>
                  <ServerIcon name={isCollapsed ? "chevronRight" : "chevronDown"} size={14} />
                  <span className="channel-category__name">{channel.name}</span>
                  {isPrivate(server, channel) && <ServerIcon name="lock" size={12} />}
                </button>
                {shown.length > 0 && (
                  <ul className="channel-list channel-list--nested">
                    {shown.map((child) => (
                      <ChannelItem key={child.id} server={server} channel={child} />
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
