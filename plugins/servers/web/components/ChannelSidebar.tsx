/** The side pane of a server: its name (opening the server menu), then the channels the user can view, by category, each with a context menu. */
import { drawNavigationAtOnce } from "@hearth/navigation/urgentNavigation";
import { getLocalSetting, setLocalSetting } from "@hearth/settings/localSettings";
import { isContextMenuKey, menuPointUnder, useContextMenu } from "@hearth/ui/contextMenu/useContextMenu";
import { useMemo, useState, type ReactNode } from "react";
import { NavLink, useNavigate } from "react-router";
import { EmojiText } from "@hearth/ui/emoji/Emoji";
import { useMentionCount } from "../../../messages/web/public";
import { usePermissionSubject, useServer, useServerChannels } from "../hooks";
import { t } from "../i18n";
import { ChannelPermission } from "../permissions";
import { CATEGORY_TYPE, visibleChannelTree } from "../serversStore";
import type { Server, ServerChannel } from "../types";
import { useChannelUnread } from "../unread";
import { serverSlots, useChannelKind } from "../slots";
import { useCanManageChannels, useCategoryMenuItems, useChannelMenuItems, useChannelMuted } from "./channelMenus";
import { openCreateChannelModal } from "./CreateChannelModal";
import { ServerIcon } from "./icons";
import { useServerMenuItems } from "./serverMenu";

/** Private to the default role: only some roles (or admins) see it. */
function isPrivate(server: Server, channel: ServerChannel): boolean {
  const everyone = channel.permissions?.find((entry) => entry.roleId === server.defaultRoleId)?.permissions ?? 0;
  return (everyone & ChannelPermission.PUBLIC_CHANNEL) === 0;
}

/** A channel's icon: its emoji when it has a short one, else a hash. */
export function ChannelGlyph({ channel }: { channel: ServerChannel }) {
  const kind = useChannelKind(channel.type);
  const icon = channel.icon && Array.from(channel.icon).length <= 8 ? channel.icon : null;
  const Glyph = kind?.glyph;
  return <span className="channel-item__icon">{icon ?? (Glyph ? <Glyph /> : <ServerIcon name="hash" size={18} />)}</span>;
}

function ChannelItem({ server, channel, active }: { server: Server; channel: ServerChannel; active: boolean }) {
  const unread = useChannelUnread(channel.id);
  const mentions = useMentionCount(channel.id);
  const muted = useChannelMuted(channel.id);
  const extras = serverSlots.channelItemExtras.use();
  const { triggerProps, menu } = useContextMenu(useChannelMenuItems(server, channel, active));
  const name = channel.name ?? "";
  const classes = ["channel-item", active && "channel-item--active", unread && "channel-item--unread", muted && "channel-item--muted"];
  return (
    <li>
      <NavLink
        to={`/app/servers/${server.id}/${channel.id}`}
        className={classes.filter(Boolean).join(" ")}
        data-testid="channel-item"
        data-channel-id={channel.id}
        data-unread={unread || undefined}
        title={name}
        // The channel's pane is kept once shown: drawn in the click's task, a frame sooner.
        onClick={drawNavigationAtOnce}
        {...triggerProps}
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
        {muted && <span className="visually-hidden">{t("channels.muted")}</span>}
        {mentions > 0 && (
          <span className="nav-badge" role="img" aria-label={t("channels.mentions", { count: mentions })}>
            {mentions > 99 ? "99+" : mentions}
          </span>
        )}
        {unread && mentions === 0 && <span className="channel-item__dot" role="img" aria-label={t("channels.unread")} />}
      </NavLink>
      {extras.map(({ Component: Extra }, index) => (
        <Extra key={index} serverId={server.id} channelId={channel.id} />
      ))}
      {menu}
    </li>
  );
}

/** The server's name as a button opening the server menu (the same as the rail icon's). */
function ServerHeader({ server }: { server: Server }) {
  const { menu, openMenu } = useContextMenu(useServerMenuItems(server, server.id));
  const openBelow = (element: HTMLElement) => {
    const { x, y } = menuPointUnder(element, 4);
    openMenu(x, y);
  };
  return (
    <div className={`server-sidebar__header${server.banner ? " server-sidebar__header--banner" : ""}`}>
      <h2 className="server-sidebar__title">
        <button
          type="button"
          className="server-sidebar__name"
          data-testid="server-name"
          title={server.name}
          aria-label={t("serverMenu.open", { name: server.name })}
          aria-haspopup="menu"
          aria-expanded={menu !== null}
          onClick={(event) => openBelow(event.currentTarget)}
          onKeyDown={(event) => {
            if (isContextMenuKey(event)) {
              event.preventDefault();
              openBelow(event.currentTarget);
            }
          }}
        >
          <span className="server-sidebar__name-text">
            <EmojiText text={server.name} />
          </span>
          <ServerIcon name="chevronDown" size={16} />
        </button>
      </h2>
      {menu}
    </div>
  );
}

function Category({ server, category, collapsed, toggle, children }: { server: Server; category: ServerChannel; collapsed: boolean; toggle: () => void; children: ReactNode }) {
  const manage = useCanManageChannels(server.id);
  const navigate = useNavigate();
  const { triggerProps, menu } = useContextMenu(useCategoryMenuItems(server, category, collapsed, toggle));
  const name = category.name ?? "";
  return (
    <li className="channel-category" data-testid="channel-category" data-channel-id={category.id}>
      <div className="channel-category__row">
        <button type="button" className="channel-category__toggle" aria-expanded={!collapsed} onClick={toggle} {...triggerProps}>
          <ServerIcon name={collapsed ? "chevronRight" : "chevronDown"} size={14} />
          <span className="channel-category__name">{name}</span>
          {isPrivate(server, category) && <ServerIcon name="lock" size={12} />}
        </button>
        {manage && (
          <button
            type="button"
            className="icon-button channel-category__add"
            aria-label={t("channels.createIn", { name })}
            title={t("channels.createIn", { name })}
            onClick={() =>
              openCreateChannelModal({ serverId: server.id, type: 1, categoryId: category.id, onCreated: (id) => navigate(`/app/servers/${server.id}/${id}`) })
            }
          >
            <ServerIcon name="plus" size={16} />
          </button>
        )}
      </div>
      {children}
      {menu}
    </li>
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
            if (channel.type !== CATEGORY_TYPE) return <ChannelItem key={channel.id} server={server} channel={channel} active={channel.id === activeChannelId} />;
            const isCollapsed = collapsed.includes(channel.id);
            // A collapsed category still shows the channel being viewed.
            const shown = isCollapsed ? children.filter((child) => child.id === activeChannelId) : children;
            return (
              <Category key={channel.id} server={server} category={channel} collapsed={isCollapsed} toggle={() => toggle(channel.id)}>
                {shown.length > 0 && (
                  <ul className="channel-list channel-list--nested" aria-label={channel.name ?? undefined}>
                    {shown.map((child) => (
                      <ChannelItem key={child.id} server={server} channel={child} active={child.id === activeChannelId} />
                    ))}
                  </ul>
                )}
              </Category>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
