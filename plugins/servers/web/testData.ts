/** Builders for the servers tests. */
import type { Server, ServerChannel, ServerMember, ServerRole } from "./types";

export const OWNER = "u-owner";
export const BOB = "u-bob";

export function server(overrides: Partial<Server> = {}): Server {
  return { id: "s1", name: "Hearthside", defaultChannelId: "general", defaultRoleId: "r-all", createdById: OWNER, systemChannelId: "general", ...overrides };
}

export function role(id: string, overrides: Partial<ServerRole> = {}): ServerRole {
  return { id, serverId: "s1", name: id, order: 2, permissions: 2, ...overrides };
}

export function channel(id: string, overrides: Partial<ServerChannel> = {}): ServerChannel {
  return { id, type: 1, name: id, serverId: "s1", order: 1, permissions: [{ roleId: "r-all", permissions: 7 }], ...overrides };
}

export function member(userId: string, roleIds: string[] = [], overrides: Partial<ServerMember> = {}): ServerMember {
  return { serverId: "s1", userId, roleIds, nickname: null, user: { id: userId, username: userId.replace("u-", ""), tag: "TAG1" }, ...overrides };
}
