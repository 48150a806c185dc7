/** React views of the servers store for one server. */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useEffect, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { isComplete, loadMemberPage, useMemberLists, type MemberListState } from "./memberLists";
import type { PermissionSubject } from "./permissions";
import { serverChannels, serverRoles, useServersStore } from "./serversStore";
import type { Server, ServerChannel, ServerMember, ServerRole } from "./types";

export function useSelfId(): string | undefined {
  return useSelfUserStore((state) => state.user?.id);
}

export function useServer(serverId: string | undefined): Server | undefined {
  return useServersStore((state) => (serverId ? state.servers[serverId] : undefined));
}

/** Who the user is in this server, for permission questions; null while the server is unknown. */
export function usePermissionSubject(serverId: string): PermissionSubject | null {
  const userId = useSelfId();
  const { server, member, roles } = useServersStore(
    useShallow((state) => ({
      server: state.servers[serverId],
      member: userId ? state.members[serverId]?.[userId] : undefined,
      roles: state.roles,
    })),
  );
  return useMemo(() => (server ? { server, userId, member, roles } : null), [server, userId, member, roles]);
}

export function useServerChannels(serverId: string): ServerChannel[] {
  const channels = useServersStore((state) => state.channels);
  return useMemo(() => serverChannels({ channels }, serverId), [channels, serverId]);
}

/** The server's roles, highest first. */
export function useServerRoles(serverId: string): ServerRole[] {
  const roles = useServersStore((state) => state.roles);
  return useMemo(() => serverRoles({ roles }, serverId), [roles, serverId]);
}

export function useServerMembers(serverId: string): ServerMember[] {
  const members = useServersStore((state) => state.members[serverId]);
  return useMemo(() => Object.values(members ?? {}), [members]);
}

export function useChannel(channelId: string | undefined): ServerChannel | undefined {
  return useServersStore((state) => (channelId ? state.channels[channelId] : undefined));
}

/** The server's member list as far as it is loaded; asks for its first page when it is not. */
export function useMemberList(serverId: string): MemberListState | undefined {
  const list = useMemberLists((state) => state.lists[serverId]);
  const known = list !== undefined;
  useEffect(() => {
    if (!known) void loadMemberPage(serverId);
  }, [serverId, known]);
  return list;
}

/**
 * How many members the server has, and how many hold a role: the server's figures while the
 * list is partly loaded, the loaded members once all are; null before the first page.
 */
export function useMemberCounts(serverId: string): { count: number; withRole: (roleId: string) => number } | null {
  const list = useMemberList(serverId);
  const members = useServerMembers(serverId);
  return useMemo(() => {
    if (!list || list.pages === 0) return null;
    if (isComplete(list)) {
      return { count: members.length, withRole: (roleId) => members.filter((member) => member.roleIds.includes(roleId)).length };
    }
    return { count: list.count, withRole: (roleId) => list.roleCounts[roleId] ?? 0 };
  }, [list, members]);
}
