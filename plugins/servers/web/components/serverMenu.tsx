/**
 * The server's menu, the same from the sidebar's name button and from a right click or long press
 * on its rail icon: each entry only for who may use it.
 */
import type { ContextMenuItem } from "@hearth/ui/contextMenu/ContextMenu";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { usePermissionSubject } from "../hooks";
import { t } from "../i18n";
import { hasPermission, isOwner, RolePermission, visibleSettingsSections } from "../permissions";
import type { Server } from "../types";
import { markChannelsRead, useServersUnread, useVisibleChannelIds } from "../unread";
import { serverSlots } from "../slots";
import type { CreateChannelRequest } from "./CreateChannelModal";
import { confirmLeaveServer } from "./serverActions";

/** The dialog's code loads when it is asked for: the rail draws this menu at start-up. */
function openCreateChannelModal(request: CreateChannelRequest): void {
  void import("./CreateChannelModal").then(({ openCreateChannelModal: open }) => open(request));
}

export function useServerMenuItems(server: Server | undefined, serverId: string): ContextMenuItem[] {
  const navigate = useNavigate();
  const channelKinds = serverSlots.channelKinds.use();
  const subject = usePermissionSubject(serverId);
  const serverIds = useMemo(() => [serverId], [serverId]);
  const channelIds = useVisibleChannelIds(serverIds);
  const { unread } = useServersUnread(serverIds);
  if (!server || !subject?.member) return [];

  const base = `/app/servers/${serverId}`;
  const manageChannels = hasPermission(subject, RolePermission.MANAGE_CHANNELS);
  const settings = visibleSettingsSections(subject).some((section) => section.id !== "notifications" && section.id !== "invites");
  return [
    { label: t("serverMenu.invite"), onSelect: () => navigate(`${base}/settings/invites`) },
    ...(settings ? [{ label: t("serverMenu.settings"), onSelect: () => navigate(`${base}/settings`) }] : []),
    ...(manageChannels
      ? [
          { label: t("serverMenu.createChannel"), onSelect: () => openCreateChannelModal({ serverId, type: 1, onCreated: (channelId) => navigate(`${base}/${channelId}`) }) },
          { label: t("serverMenu.createCategory"), onSelect: () => openCreateChannelModal({ serverId, type: 2 }) },
          ...channelKinds.map((kind) => ({ label: kind.createLabel(), onSelect: () => kind.create(serverId, (channelId: string) => navigate(`${base}/${channelId}`)) })),
        ]
      : []),
    { label: t("serverMenu.notifications"), onSelect: () => navigate(`${base}/settings/notifications`) },
    ...(unread ? [{ label: t("serverMenu.markRead"), onSelect: () => markChannelsRead(channelIds) }] : []),
    ...(!isOwner(subject) ? [{ label: t("serverMenu.leave"), danger: true, onSelect: () => confirmLeaveServer(server, navigate) }] : []),
  ];
}
