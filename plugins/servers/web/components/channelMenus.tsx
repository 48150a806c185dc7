/** The context menus of the channel list: a channel's and a category's, each entry only for who may. */
import { useLocalSetting } from "@hearth/settings/localSettings";
import type { ContextMenuItem } from "@hearth/ui/contextMenu/ContextMenu";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useNavigate } from "react-router";
import { markChannelRead } from "../../../messages/web/public";
import { usePermissionSubject } from "../hooks";
import { t } from "../i18n";
import { findModes, saveNotificationModes, useNotificationSettings } from "../notificationSettings";
import { hasPermission, RolePermission } from "../permissions";
import { deleteChannel } from "../serversApi";
import { CATEGORY_TYPE } from "../serversStore";
import type { Server, ServerChannel } from "../types";
import { useChannelUnread } from "../unread";
import { openCreateChannelModal } from "./CreateChannelModal";
import { ConfirmPanel } from "./serverActions";

function copyToClipboard(text: string): void {
  navigator.clipboard?.writeText(text).catch(() => undefined);
}

export function channelLink(serverId: string, channelId: string): string {
  return `${window.location.origin}/app/servers/${serverId}/${channelId}`;
}

/** Whether the user muted the channel (its own ping mode, not the server's). */
export function useChannelMuted(channelId: string): boolean {
  return useNotificationSettings((state) => findModes(state.settings, null, channelId).notificationPingMode === 2);
}

export function useCanManageChannels(serverId: string): boolean {
  const subject = usePermissionSubject(serverId);
  return subject ? hasPermission(subject, RolePermission.MANAGE_CHANNELS) : false;
}

function confirmDeleteChannel(server: Server, channel: ServerChannel, done: () => void): void {
  const name = channel.name ?? "";
  openModal((close) => (
    <ConfirmPanel
      title={t("channelEditor.deleteTitle", { name })}
      text={channel.type === CATEGORY_TYPE ? t("channelEditor.deleteCategoryText") : t("channelEditor.deleteText", { name })}
      confirmLabel={t("channelEditor.delete")}
      action={() => deleteChannel(server.id, channel.id)}
      close={close}
      done={done}
    />
  ));
}

export function useChannelMenuItems(server: Server, channel: ServerChannel, active: boolean): ContextMenuItem[] {
  const navigate = useNavigate();
  const unread = useChannelUnread(channel.id);
  const muted = useChannelMuted(channel.id);
  const manage = useCanManageChannels(server.id);
  const developerMode = useLocalSetting("developerMode");
  const settings = `/app/servers/${server.id}/settings`;
  const setMuted = (mute: boolean) =>
    void saveNotificationModes(server.id, channel.id, mute ? { notificationPingMode: 2, notificationSoundMode: 2 } : { notificationPingMode: null, notificationSoundMode: null }).catch(
      () => undefined, // the store puts the previous modes back
    );
  return [
    ...(unread ? [{ label: t("channelMenu.markRead"), onSelect: () => markChannelRead(channel.id) }] : []),
    muted ? { label: t("channelMenu.unmute"), onSelect: () => setMuted(false) } : { label: t("channelMenu.mute"), onSelect: () => setMuted(true) },
    { label: t("channelMenu.notifications"), onSelect: () => navigate(`${settings}/notifications`) },
    ...(manage ? [{ label: t("channelMenu.edit"), onSelect: () => navigate(`${settings}/channels/${channel.id}`) }] : []),
    { label: t("channelMenu.copyLink"), onSelect: () => copyToClipboard(channelLink(server.id, channel.id)) },
    ...(developerMode ? [{ label: t("channelMenu.copyId"), onSelect: () => copyToClipboard(channel.id) }] : []),
    ...(manage && channel.id !== server.defaultChannelId
      ? [{ label: t("channelMenu.delete"), danger: true, onSelect: () => confirmDeleteChannel(server, channel, () => active && navigate(`/app/servers/${server.id}`)) }]
      : []),
  ];
}

export function useCategoryMenuItems(server: Server, category: ServerChannel, collapsed: boolean, toggle: () => void): ContextMenuItem[] {
  const navigate = useNavigate();
  const manage = useCanManageChannels(server.id);
  const developerMode = useLocalSetting("developerMode");
  return [
    ...(manage
      ? [
          {
            label: t("categoryMenu.createChannel"),
            onSelect: () => openCreateChannelModal({ serverId: server.id, type: 1, categoryId: category.id, onCreated: (id) => navigate(`/app/servers/${server.id}/${id}`) }),
          },
        ]
      : []),
    { label: collapsed ? t("categoryMenu.expand") : t("categoryMenu.collapse"), onSelect: toggle },
    ...(manage ? [{ label: t("categoryMenu.edit"), onSelect: () => navigate(`/app/servers/${server.id}/settings/channels/${category.id}`) }] : []),
    ...(developerMode ? [{ label: t("channelMenu.copyId"), onSelect: () => copyToClipboard(category.id) }] : []),
  ];
}
