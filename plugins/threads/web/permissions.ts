/**
 * What the user may do with threads, by the rules the server applies (plugins/threads/README.md):
 * CREATE_THREADS is role bit 512 or the parent channel's bit 8; MANAGE_CHANNELS moderates.
 */
import {
  canSendInChannel,
  channelPermissionBits,
  hasPermission,
  RolePermission,
  type PermissionSubject,
  type ServerChannel,
} from "../../servers/web/public";

export const CREATE_THREADS_ROLE = 512;
export const CREATE_THREADS_CHANNEL = 8;

export function isThreadModerator(subject: PermissionSubject): boolean {
  return hasPermission(subject, RolePermission.MANAGE_CHANNELS);
}

export function canCreateThreads(subject: PermissionSubject, channel: ServerChannel): boolean {
  if (!canSendInChannel(subject, channel)) return false;
  return (
    isThreadModerator(subject) ||
    hasPermission(subject, CREATE_THREADS_ROLE) ||
    (channelPermissionBits(subject, channel) & CREATE_THREADS_CHANNEL) !== 0
  );
}
