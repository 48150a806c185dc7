/** Wire shapes of servers and their parts (entities.md §4, realtime.md §3.4, §5.4). Timestamps are epoch ms. */
import type { Channel, PublicUser } from "../../messages/web/public";

export interface CustomEmoji {
  id: string;
  name: string;
  gif?: boolean;
  webp?: boolean;
}

export interface Server {
  id: string;
  name: string;
  hexColor?: string | null;
  avatar?: string | null;
  banner?: string | null;
  defaultChannelId: string;
  systemChannelId?: string | null;
  defaultRoleId: string;
  createdById: string;
  createdAt?: number;
  verified?: boolean;
  public?: boolean;
  clan?: { tag: string; icon: string; serverId?: string } | null;
  scheduledForDeletion?: { scheduledAt: number } | null;
  _count?: { welcomeQuestions?: number };
  customEmojis?: CustomEmoji[];
}

/** `GET /servers/invites/:code` (rest.md §4.7). */
export interface InvitePreview extends Server {
  memberCount: number;
}

export interface ChannelPermissionEntry {
  roleId: string;
  permissions: number;
}

/** A server channel or category (entities.md §5.1) with its per-role overrides. */
export interface ServerChannel extends Channel {
  serverId: string;
  name?: string | null;
  icon?: string | null;
  order?: number | null;
  permissions?: ChannelPermissionEntry[];
  deleting?: boolean | null;
}

export interface ServerRole {
  id: string;
  serverId: string;
  name: string;
  order: number;
  permissions: number;
  hexColor?: string | null;
  icon?: string | null;
  hideRole?: boolean;
  applyOnJoin?: boolean;
  botRole?: boolean | null;
  createdById?: string | null;
  createdAt?: number;
}

export interface MemberUser extends PublicUser {
  lastOnlineStatus?: number;
  lastOnlineAt?: number | null;
}

export interface ServerMember {
  id?: string;
  serverId: string;
  userId: string;
  joinedAt?: number;
  nickname?: string | null;
  /** Never contains the default role. */
  roleIds: string[];
  muteExpireAt?: number | null;
  user: MemberUser;
}

/** How many members a group of the member list has (a role id, "online", "members" or "offline"). */
export interface MemberGroupCount {
  id: string;
  count: number;
}

/** A page of `GET /servers/{id}/members` (Hearth's own route): online members first. */
export interface MemberPage {
  members: ServerMember[];
  presences: Array<{ userId: string; status: 0 | 1 | 2 | 3 | 4; custom?: string | null }>;
  count: number;
  groups: MemberGroupCount[];
  roleCounts: Record<string, number>;
  /** Where the next page starts; null after the last. */
  next: string | null;
}

/** A folder of the server rail (entities.md §4.3); its id lives in `orderedServerIds`. */
export interface ServerFolder {
  id: string;
  name: string;
  color: string;
  serverIds: string[];
}

export interface ServerInvite {
  id?: string;
  code: string;
  isCustom: boolean;
  uses: number;
  serverId: string;
  createdById: string;
  createdAt: number;
  createdBy?: PublicUser;
}

export interface ServerBan {
  serverId: string;
  user: PublicUser;
  bannedAt: number;
  reason?: string | null;
}

export interface AuditLog {
  id: string;
  createdAt: number;
  actionType: string;
  actionById: string;
  serverId: string;
  data: Record<string, unknown> | null;
  reason?: string | null;
}

export interface AuditLogPage {
  auditLogs: AuditLog[];
  users: Array<{ id: string; username: string }>;
}

/** `server:joined` (realtime.md §5.4). */
export interface ServerJoinedPayload {
  server: Server;
  members?: ServerMember[];
  channels?: ServerChannel[];
  roles?: ServerRole[];
  memberPresences?: unknown[];
  voiceChannelUsers?: unknown[];
}

/** The servers slice of `user:authenticated` (realtime.md §3.4). */
export interface AuthenticatedServersPayload {
  user?: { id?: string; orderedServerIds?: string[]; serverFolders?: ServerFolder[] };
  servers?: Server[];
  channels?: Array<ServerChannel | Channel>;
  serverMembers?: ServerMember[];
  serverRoles?: ServerRole[];
}
