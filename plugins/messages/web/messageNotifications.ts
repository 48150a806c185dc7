/**
 * Notifications of new messages (`message:created`): builds what the shell's notifier needs —
 * a DM always concerns the user; a server channel's message is judged by the servers plugin
 * (the user's ping and sound modes, mentions by role or @everyone) through `serverMessageContext`.
 */
import { cdnUrl } from "@hearth/api/cdn";
import { notifyMessage } from "@hearth/notifications/notify";
import { directChannelPath, serverMessageContext } from "./slots";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { t } from "./i18n";
import { notificationText } from "./notificationText";
import { useReadState, viewedChannelId } from "./store/readState";
import { MessageType, type MessageCreatedPayload } from "./types";

export function notifyNewMessage({ message, serverId: eventServerId, member }: MessageCreatedPayload): void {
  if ((message.type ?? MessageType.CONTENT) !== MessageType.CONTENT) return;
  const selfId = useSelfUserStore.getState().user?.id;
  const authorId = message.createdBy?.id ?? message.createdById ?? null;
  if (!selfId || authorId === selfId) return;
  const channels = useReadState.getState().channels;
  const serverId = eventServerId ?? channels[message.channelId]?.serverId ?? null;
  const authorMember = member as { nickname?: string | null; permissions?: number } | null | undefined;
  const author = authorMember?.nickname || message.createdBy.username;
  const text = notificationText(message, (id) => channels[id]?.name ?? undefined);
  const body = text || (message.attachments?.length ? t("notifications.attachment") : "");
  const avatarUrl = message.createdBy.avatar ? cdnUrl(message.createdBy.avatar) : undefined;
  const common = {
    selfId,
    authorId,
    silent: Boolean(message.silent),
    viewingChannel: viewedChannelId() === message.channelId,
    messageId: message.id,
    channelId: message.channelId,
    body,
  };

  if (!serverId) {
    notifyMessage({
      ...common,
      direct: true,
      mentionsMe: Boolean(message.mentions?.some((user) => user.id === selfId)),
      pingMode: 0,
      soundMode: 0,
      title: author,
      path: directChannelPath(message.channelId),
      iconUrl: avatarUrl,
    });
    return;
  }
  const context = serverMessageContext({
    serverId,
    channelId: message.channelId,
    authorId,
    content: message.content ?? "",
    mentionedUserIds: (message.mentions ?? []).map((user) => user.id),
    mentionedRoleIds: (message.roleMentions ?? []).map((role) => role.id),
    fromWebhook: Boolean(message.webhookId),
    authorPermissions: authorMember?.permissions,
  });
  if (!context) return; // without the servers plugin nothing says whether the user wants it
  notifyMessage({
    ...common,
    direct: false,
    mentionsMe: context.mentionsMe,
    pingMode: context.pingMode,
    soundMode: context.soundMode,
    title: t("notifications.serverTitle", { author, channel: context.channelName, server: context.serverName }),
    path: `/app/servers/${encodeURIComponent(serverId)}/${encodeURIComponent(message.channelId)}`,
    iconUrl: avatarUrl ?? context.serverIconUrl,
  });
}
