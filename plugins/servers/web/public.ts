/** What other plugin bundles (those that `require` "servers") may use from the servers bundle. */
export { useServersStore, permissionSubject } from "./serversStore";
export { errorText } from "./serversApi";
export { initials } from "./components/ServerAvatar";
export { roleColour } from "./memberGroups";
export { ConfirmPanel } from "./components/serverActions";
export { SettingsCard } from "./settings/ui";
export {
  canViewChannel,
  canSendInChannel,
  canJoinVoice,
  channelPermissionBits,
  hasPermission,
  isAdmin,
  RolePermission,
  ChannelPermission,
  type PermissionSubject,
} from "./permissions";
export { serverMentionSource } from "./mentionSource";
export type { Server, ServerChannel, ServerMember, ServerRole } from "./types";
export {
  useNotificationSettings,
  findModes,
  coupledModes,
  saveNotificationModes,
  type NotificationMode,
  type NotificationModes,
  type NotificationSetting,
} from "./notificationSettings";
export { setChannelDrawerTaken } from "./channelDrawer";
export {
  serverSlots,
  type ServerSettingsSection,
  type SettingsSectionProps,
  type ChannelEditorTab,
  type ChannelEditorTabProps,
  type ChannelContribution,
  type ChannelContributionProps,
  type ChannelKindContribution,
  type AddServerTab,
} from "./slots";
export { ChannelHeaderActions } from "./components/ChannelHeaderActions";
