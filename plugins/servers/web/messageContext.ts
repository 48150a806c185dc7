/**
 * The servers plugin's answer to "does this server message concern me?" (the `serverMessageContext`
 * extension the messages bundle asks): the modes in effect for the channel and whether the
 * message mentions the user, by the same rules as the server's mention counters.
 */
import { cdnUrl } from "@hearth/api/cdn";
import { resolveModes } from "@hearth/notifications/decide";
import type { ServerMessageContext, ServerMessageInput } from "../../messages/web/public";
import { findModes, serverModesInEffect, useNotificationSettings } from "./notificationSettings";
import { hasPermission, memberRoleIds, RolePermission } from "./permissions";
import { permissionSubject, selfUserId, useServersStore } from "./serversStore";

const MAY_MENTION_EVERYONE = RolePermission.ADMIN | RolePermission.MENTION_EVERYONE;

function authorMayMentionEveryone(input: ServerMessageInput): boolean {
  const state = useServersStore.getState();
  if (state.servers[input.serverId]?.createdById === input.authorId) return true;
  if (input.authorPermissions !== undefined) return (input.authorPermissions & MAY_MENTION_EVERYONE) !== 0;
  const subject = input.authorId ? permissionSubject(state, input.serverId, input.authorId) : null;
  return subject !== null && hasPermission(subject, RolePermission.MENTION_EVERYONE);
}

export function mentionsSelf(input: ServerMessageInput, selfId: string): boolean {
  if (input.fromWebhook) return false; // webhook mentions notify nobody (rest.md §17.1)
  if (input.mentionedUserIds.includes(selfId)) return true;
  const state = useServersStore.getState();
  const subject = permissionSubject(state, input.serverId, selfId);
  if (subject && input.mentionedRoleIds.some((roleId) => memberRoleIds(subject).includes(roleId))) return true;
  return input.content.includes("[@:e]") && authorMayMentionEveryone(input);
}

export function serverMessageContext(input: ServerMessageInput): ServerMessageContext | null {
  const state = useServersStore.getState();
  const server = state.servers[input.serverId];
  const channel = state.channels[input.channelId];
  const selfId = selfUserId();
  if (!server || !channel || !selfId) return null;
  const notifications = useNotificationSettings.getState();
  const modes = resolveModes(findModes(notifications.settings, input.serverId, input.channelId), serverModesInEffect(notifications, input.serverId));
  return {
    ...modes,
    mentionsMe: mentionsSelf(input, selfId),
    serverName: server.name,
    channelName: channel.name ?? "",
    serverIconUrl: server.avatar ? cdnUrl(server.avatar) : undefined,
  };
}
