/** The moderation routes (rest.md §8). "pw" calls carry the moderator's own password. */
import { request } from "@hearth/api/request";
import type {
  AuditEntry,
  ChannelMessages,
  DailyFigures,
  InstalledPlugin,
  ModChannel,
  ModServer,
  ModUser,
  Stats,
  Suggestion,
  UserDetails,
} from "./types";

export { dismissNotice, waitingTickets } from "./startupApi";

export const PAGE_SIZE = 30;
const id = encodeURIComponent;

export const listServers = (after?: string): Promise<ModServer[]> =>
  request({ path: "/moderation/servers", query: { after, limit: PAGE_SIZE } });
export const searchServers = (q: string, after?: string): Promise<ModServer[]> =>
  request({ path: "/moderation/servers/search", query: { q, after, limit: PAGE_SIZE } });
export const activeServers = (): Promise<ModServer[]> => request({ path: "/moderation/servers/active" });
export const serverDetails = (serverId: string): Promise<ModServer | null> =>
  request({ path: `/moderation/servers/${id(serverId)}` });
export const updateServer = (serverId: string, password: string, changes: { name?: string; verified?: boolean }) =>
  request({ method: "POST", path: `/moderation/servers/${id(serverId)}`, body: { password, ...changes } });
export const scheduleServerDeletion = (serverId: string, password: string, reason: string) =>
  request({ method: "DELETE", path: `/moderation/servers/${id(serverId)}`, body: { password, reason } });
export const cancelServerDeletion = (serverId: string, password: string) =>
  request({ method: "DELETE", path: `/moderation/servers/${id(serverId)}/schedule-delete`, body: { password } });
export const pinServer = (serverId: string, pinned: boolean) =>
  request({ method: pinned ? "POST" : "DELETE", path: `/moderation/servers/${id(serverId)}/pin` });

export interface UserListQuery {
  orderBy: "joinedAt" | "username";
  order: "asc" | "desc";
  filter: "" | "shadowBan" | "bot" | "suspension";
}

export const listUsers = (query: UserListQuery, after?: string): Promise<ModUser[]> =>
  request({
    path: "/moderation/users",
    query: { orderBy: query.orderBy, order: query.order, filters: query.filter || undefined, after, limit: PAGE_SIZE },
  });
export const searchUsers = (q: string, after?: string): Promise<ModUser[]> =>
  request({ path: "/moderation/users/search", query: { q, after, limit: PAGE_SIZE } });
export const installedPlugins = async (): Promise<InstalledPlugin[]> =>
  (await request<{ plugins: InstalledPlugin[] }>({ path: "/moderation/plugins" })).plugins;
export const onlineUsers = (): Promise<ModUser[]> => request({ path: "/moderation/online-users", query: { sort: "desc" } });
export const userDetails = (userId: string): Promise<UserDetails> => request({ path: `/moderation/users/${id(userId)}` });
export const usersWithSameIp = (userId: string): Promise<ModUser[]> =>
  request({ path: `/moderation/users/${id(userId)}/users-with-same-ip`, query: { limit: PAGE_SIZE } });

export interface UserEdit {
  username?: string;
  tag?: string;
  email?: string;
  newPassword?: string;
}
export const editUser = (userId: string, password: string, changes: UserEdit) =>
  request({ method: "POST", path: `/moderation/users/${id(userId)}`, body: { password, ...changes } });

export interface SuspendOptions {
  days: number;
  reason: string;
  ipBan: boolean;
  deleteRecentMessages: boolean;
}
export const suspendUsers = (userIds: string[], password: string, options: SuspendOptions) =>
  request({ method: "POST", path: "/moderation/users/suspend", body: { password, userIds, ...options } });
export const editSuspension = (userIds: string[], password: string, changes: { days?: number; reason?: string }) =>
  request({ method: "PATCH", path: "/moderation/users/suspend", body: { password, userIds, ...changes } });
export const unsuspendUsers = (userIds: string[], password: string) =>
  request({ method: "DELETE", path: "/moderation/users/suspend", body: { password, userIds } });
export const warnUsers = (userIds: string[], password: string, reason: string) =>
  request({ method: "POST", path: "/moderation/users/warn", body: { password, userIds, reason } });
export const shadowBanUsers = (userIds: string[], password: string, reason: string) =>
  request({ method: "POST", path: "/moderation/users/shadow-ban", body: { password, userIds, reason } });
export const liftShadowBan = (userIds: string[], password: string) =>
  request({ method: "DELETE", path: "/moderation/users/shadow-ban", body: { password, userIds } });

export const auditLogs = (q: string, after?: string): Promise<AuditEntry[]> =>
  q
    ? request({ path: "/moderation/audit-logs/search", query: { q, after, limit: PAGE_SIZE } })
    : request({ path: "/moderation/audit-logs", query: { after, limit: PAGE_SIZE } });

export const stats = (): Promise<Stats> => request({ path: "/moderation/stats" });
export const dailyStats = (days: number): Promise<{ days: DailyFigures[] }> =>
  request({ path: "/moderation/stats/daily", query: { days } });

export const listSuggestions = async (after?: string): Promise<Suggestion[]> =>
  (await request<{ data: Suggestion[] }>({ path: "/moderation/suggest_action", query: { after, limit: PAGE_SIZE } })).data;

export interface SuggestionTarget {
  userId?: string;
  serverId?: string;
  postId?: string;
}
/** Its refusal is `{success: false, error}` (rest.md §8.6): shown like any other error. */
export async function suggestAction(actionType: number, reason: string, target: SuggestionTarget): Promise<void> {
  try {
    await request({ method: "POST", path: "/moderation/suggest_action", body: { actionType, reason, ...target } });
  } catch (failure) {
    const refusal = failure as { error?: unknown } | null;
    if (typeof refusal?.error === "string") throw { message: refusal.error };
    throw failure;
  }
}
export const dismissSuggestion = (suggestionId: string) =>
  request({ method: "DELETE", path: `/moderation/suggest_action/${id(suggestionId)}` });

/** Hearth's own: a server's text channels, to open one in the message viewer. */
export const serverChannels = async (serverId: string): Promise<ModChannel[]> =>
  (await request<{ channels: ModChannel[] }>({ path: `/moderation/servers/${id(serverId)}/channels` })).channels;
export const CHANNEL_PAGE = 50;
export const channelMessages = (channelId: string, aroundId?: string): Promise<ChannelMessages> =>
  request({ path: `/moderation/channels/${id(channelId)}/messages`, query: { aroundId, limit: CHANNEL_PAGE } });
export const deletePosts = (postIds: string[], password: string) =>
  request({ method: "POST", path: "/moderation/posts/delete", body: { password, postIds } });
