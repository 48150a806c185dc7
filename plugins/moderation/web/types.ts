/** Moderation shapes on the wire (rest.md §8, entities.md §9.4). */

export const FOUNDER = 1;
export const ADMIN = 2;
export const MOD = 64;

export interface BriefUser {
  id: string;
  username: string;
  tag: string;
  hexColor?: string | null;
  avatar?: string | null;
  badges?: number;
  joinedAt?: number;
  bot?: boolean | null;
}

export interface Suspension {
  id: string;
  userId: string;
  suspendedAt: number;
  expireAt: number | null;
  reason: string | null;
  suspendedById: string | null;
  userDeleted: boolean;
  suspendBy?: BriefUser | null;
}

export interface ShadowBan {
  id: string;
  userId: string;
  bannedAt: number;
  reason: string | null;
  bannedById: string | null;
}

export interface ModUser extends BriefUser {
  suspension: Suspension | null;
  shadowBan?: ShadowBan | null;
}

export interface ModServer {
  id: string;
  name: string;
  hexColor: string | null;
  avatar: string | null;
  banner?: string | null;
  verified?: boolean;
  createdAt: number;
  scheduledForDeletion: { scheduledAt: number; scheduledByUserId: string | null } | null;
  publicServer: { id: string; pinnedAt: number | null } | null;
  createdBy: (BriefUser & { suspension?: Suspension | null; shadowBan?: ShadowBan | null }) | null;
  _count?: { serverMembers: number };
  messageCount?: number;
  userMessageCount?: number;
}

export interface Device {
  id: string;
  deviceType: number;
  createdAt: number;
  lastSeenAt: number;
  ipAddress?: string | null;
}

export interface UserDetails extends BriefUser {
  status: number;
  lastOnlineAt: number | null;
  suspension: Suspension | null;
  shadowBan: ShadowBan | null;
  devices: Device[];
  servers: ModServer[];
  inventory: { id: string; itemType: string; itemId: string; acquiredAt: number }[];
  account: {
    suspendCount: number;
    warnCount: number;
    warnExpiresAt: number | null;
    emailConfirmed: boolean;
    email?: string;
  } | null;
}

export interface AuditEntry {
  id: string;
  createdAt: number;
  actionType: number;
  actionById: string | null;
  actionBy: BriefUser | null;
  serverId: string | null;
  serverName: string | null;
  userId: string | null;
  username: string | null;
  count: number | null;
  reason: string | null;
  expireAt: number | null;
}

export interface Stats {
  totalRegisteredUsers: number;
  weeklyRegisteredUsers: number;
  totalCreatedServers: number;
  totalCreatedMessages: number;
  weeklyCreatedMessages: number;
}

export interface DailyFigures {
  date: string;
  registrations: number;
  messages: number;
  activeUsers: number;
}

export interface Notice {
  id: string;
  type: number;
  title: string | null;
  content: string;
  createdAt: number;
  createdBy: { username: string } | null;
}

/** An installed plugin as `GET /moderation/plugins` lists it (the Plugins page). */
export interface InstalledPlugin {
  id: string;
  name: string;
  version: string;
  description: string;
  firstParty: boolean;
  enabled: boolean;
  essential: boolean;
  requires: string[];
  optional: string[];
  routes: string[];
  web: boolean;
  source: string;
}

/** A MOD's suggested action (rest.md §8.6, entities.md ModeratorSuggestAction). */
export interface Suggestion {
  id: string;
  createdAt: number;
  actionType: number;
  suggestById: string | null;
  serverId: string | null;
  postId: string | null;
  userId: string | null;
  reason: string;
  suggestBy: BriefUser | null;
  post: { id: string; createdBy: BriefUser } | null;
  user: BriefUser | null;
  server: ModServer | null;
}

export interface ModChannel {
  id: string;
  name: string | null;
  categoryId: string | null;
  order: number | null;
}

export interface ViewedMessage {
  id: string;
  type: number;
  content: string | null;
  createdAt: number;
  editedAt?: number | null;
  createdBy: BriefUser;
}

/** `GET /moderation/channels/:id/messages` (rest.md §8.3). */
export interface ChannelMessages {
  messages: ViewedMessage[];
  channel: { id: string; name: string | null; server: { id: string; name: string; avatar: string | null } | null } | null;
}
