/**
 * The servers the user is in, with their channels (all of them, private ones included: the
 * client filters by permission), roles, members, and the rail's order and folders. Filled by
 * `user:authenticated` and kept live by every `server:*` event (realtime.md §3.4, §5.4).
 */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { create } from "zustand";
import { upsertChannel, type Channel } from "../../messages/web/public";
import { canViewChannel, type PermissionSubject } from "./permissions";
import type {
  AuthenticatedServersPayload,
  CustomEmoji,
  Server,
  ServerChannel,
  ServerFolder,
  ServerJoinedPayload,
  ServerMember,
  ServerRole,
} from "./types";

export const CATEGORY_TYPE = 2;
export const TEXT_TYPE = 1;

export interface ServersState {
  /** The authenticated payload has arrived at least once. */
  ready: boolean;
  servers: Record<string, Server>;
  /** Server channels and categories by id. */
  channels: Record<string, ServerChannel>;
  roles: Record<string, ServerRole>;
  /** Members by server id, then user id. */
  members: Record<string, Record<string, ServerMember>>;
  orderedServerIds: string[];
  folders: ServerFolder[];
  /** Servers just created or joined whose `server:joined` has not arrived yet. */
  expected: Record<string, true>;
}

const initialState: ServersState = {
  ready: false,
  servers: {},
  channels: {},
  roles: {},
  members: {},
  orderedServerIds: [],
  folders: [],
  expected: {},
};

export const useServersStore = create<ServersState>()(() => initialState);

const set = (update: Partial<ServersState> | ((state: ServersState) => Partial<ServersState>)) => useServersStore.setState(update);

const isServerChannel = (channel: ServerChannel | Channel): channel is ServerChannel => Boolean(channel.serverId);

function indexMembers(list: ServerMember[] | undefined, into: Record<string, Record<string, ServerMember>> = {}) {
  for (const member of list ?? []) {
    into[member.serverId] = { ...into[member.serverId], [member.userId]: member };
  }
  return into;
}

export function serversAuthenticated(payload: AuthenticatedServersPayload): void {
  const servers: Record<string, Server> = {};
  for (const server of payload.servers ?? []) servers[server.id] = server;
  const channels: Record<string, ServerChannel> = {};
  for (const channel of payload.channels ?? []) if (isServerChannel(channel) && !channel.deleting) channels[channel.id] = channel;
  const roles: Record<string, ServerRole> = {};
  for (const role of payload.serverRoles ?? []) roles[role.id] = role;
  set({
    ready: true,
    servers,
    channels,
    roles,
    members: indexMembers(payload.serverMembers),
    orderedServerIds: payload.user?.orderedServerIds ?? [],
    folders: payload.user?.serverFolders ?? [],
    expected: {},
  });
}

export function expectServer(serverId: string): void {
  set(({ expected, servers }) => (servers[serverId] ? {} : { expected: { ...expected, [serverId]: true } }));
}

export function serverJoined({ server, members, channels, roles }: ServerJoinedPayload): void {
  for (const channel of channels ?? []) upsertChannel(channel);
  set((state) => {
    const { [server.id]: _arrived, ...expected } = state.expected;
    const nextChannels = { ...state.channels };
    for (const channel of channels ?? []) nextChannels[channel.id] = channel;
    const nextRoles = { ...state.roles };
    for (const role of roles ?? []) nextRoles[role.id] = role;
    const nextMembers = { ...state.members, [server.id]: {} };
    indexMembers(members, nextMembers);
    const inFolder = state.folders.some((folder) => folder.serverIds.includes(server.id));
    // The server appends a joined server to the order without announcing it.
    const orderedServerIds = state.orderedServerIds.includes(server.id) || inFolder ? state.orderedServerIds : [...state.orderedServerIds, server.id];
    return {
      servers: { ...state.servers, [server.id]: server },
      channels: nextChannels,
      roles: nextRoles,
      members: nextMembers,
      orderedServerIds,
      expected,
    };
  });
}

/** `server:left`: the user left, was kicked or banned, or the server was deleted. */
export function serverLeft({ serverId }: { serverId: string }): void {
  set((state) => {
    const { [serverId]: _server, ...servers } = state.servers;
    const { [serverId]: _members, ...members } = state.members;
    return {
      servers,
      members,
      channels: Object.fromEntries(Object.entries(state.channels).filter(([, channel]) => channel.serverId !== serverId)),
      roles: Object.fromEntries(Object.entries(state.roles).filter(([, role]) => role.serverId !== serverId)),
      orderedServerIds: state.orderedServerIds.filter((id) => id !== serverId),
      folders: state.folders.map((folder) =>
        folder.serverIds.includes(serverId) ? { ...folder, serverIds: folder.serverIds.filter((id) => id !== serverId) } : folder,
      ),
    };
  });
}

function changeServer(serverId: string, change: (server: Server) => Server): void {
  set(({ servers }) => {
    const server = servers[serverId];
    return server ? { servers: { ...servers, [serverId]: change(server) } } : {};
  });
}

export function serverUpdated({ serverId, updated }: { serverId: string; updated: Partial<Server> }): void {
  changeServer(serverId, (server) => ({ ...server, ...updated }));
}

// Members.

export function memberJoined({ serverId, member }: { serverId: string; member: ServerMember }): void {
  set(({ members }) => ({ members: { ...members, [serverId]: { ...members[serverId], [member.userId]: { ...member, serverId } } } }));
}

export function memberLeft({ serverId, userId }: { serverId: string; userId: string }): void {
  set(({ members }) => {
    const current = members[serverId];
    if (!current?.[userId]) return {};
    const { [userId]: _left, ...rest } = current;
    return { members: { ...members, [serverId]: rest } };
  });
}

export function memberUpdated({ serverId, userId, updated }: { serverId: string; userId: string; updated: Partial<ServerMember> }): void {
  set(({ members }) => {
    const member = members[serverId]?.[userId];
    if (!member) return {};
    return { members: { ...members, [serverId]: { ...members[serverId], [userId]: { ...member, ...updated } } } };
  });
}

/** `user:updated` / `user:updatedSelf`: new name or picture, in every server the user is in. */
export function memberUserUpdated(userId: string, updated: Partial<ServerMember["user"]>): void {
  set(({ members }) => {
    let changed = false;
    const next: ServersState["members"] = {};
    for (const [serverId, byUser] of Object.entries(members)) {
      const member = byUser[userId];
      if (member) {
        changed = true;
        next[serverId] = { ...byUser, [userId]: { ...member, user: { ...member.user, ...updated } } };
      } else next[serverId] = byUser;
    }
    return changed ? { members: next } : {};
  });
}

// Roles.

export function roleCreated(role: ServerRole): void {
  set(({ roles }) => ({ roles: { ...roles, [role.id]: role } }));
}

export function roleUpdated({ roleId, updated }: { serverId: string; roleId: string; updated: Partial<ServerRole> }): void {
  set(({ roles }) => {
    const role = roles[roleId];
    return role ? { roles: { ...roles, [roleId]: { ...role, ...updated } } } : {};
  });
}

export function roleDeleted({ serverId, roleId }: { serverId: string; roleId: string }): void {
  set((state) => {
    const { [roleId]: _deleted, ...roles } = state.roles;
    // The server removes the role from every member and drops its channel overrides.
    const members = Object.fromEntries(
      Object.entries(state.members[serverId] ?? {}).map(([userId, member]) => [
        userId,
        member.roleIds.includes(roleId) ? { ...member, roleIds: member.roleIds.filter((id) => id !== roleId) } : member,
      ]),
    );
    const channels = Object.fromEntries(
      Object.entries(state.channels).map(([id, channel]) => [
        id,
        channel.serverId === serverId && channel.permissions?.some((entry) => entry.roleId === roleId)
          ? { ...channel, permissions: channel.permissions.filter((entry) => entry.roleId !== roleId) }
          : channel,
      ]),
    );
    // Remaining roles are numbered 1..n again, in their existing order.
    const remaining = Object.values(roles)
      .filter((role) => role.serverId === serverId)
      .sort((a, b) => a.order - b.order);
    remaining.forEach((role, index) => {
      if (role.order !== index + 1) roles[role.id] = { ...role, order: index + 1 };
    });
    return { roles, channels, members: { ...state.members, [serverId]: members } };
  });
}

/** `server:role_order_updated`: index i → order i + 1. */
export function roleOrderUpdated({ roleIds }: { serverId: string; roleIds: string[] }): void {
  set(({ roles }) => {
    const next = { ...roles };
    roleIds.forEach((roleId, index) => {
      const role = next[roleId];
      if (role) next[roleId] = { ...role, order: index + 1 };
    });
    return { roles: next };
  });
}

// Channels.

export function channelCreated({ channel }: { serverId: string; channel: ServerChannel }): void {
  upsertChannel(channel);
  set(({ channels }) => ({ channels: { ...channels, [channel.id]: channel } }));
}

export function channelUpdated({ channelId, updated }: { serverId: string; channelId: string; updated: Partial<ServerChannel> }): void {
  const channel = useServersStore.getState().channels[channelId];
  if (!channel) return;
  const next = { ...channel, ...updated };
  upsertChannel(next);
  set(({ channels }) => ({ channels: { ...channels, [channelId]: next } }));
}

/** `server:channel_deleted`: a deleted category's children become uncategorised (spec §4). */
export function channelDeleted({ channelId }: { serverId: string; channelId: string }): void {
  set((state) => {
    const { [channelId]: _deleted, ...rest } = state.channels;
    const channels = Object.fromEntries(
      Object.entries(rest).map(([id, channel]) => [id, channel.categoryId === channelId ? { ...channel, categoryId: null } : channel]),
    );
    const servers = Object.fromEntries(
      Object.entries(state.servers).map(([id, server]) => [id, server.systemChannelId === channelId ? { ...server, systemChannelId: null } : server]),
    );
    return { channels, servers };
  });
}

/** Listed channels get order index + 1 and move into `categoryId`, or out of any category without it. */
export function channelOrderUpdated({ categoryId, orderedChannelIds }: { serverId: string; categoryId?: string | null; orderedChannelIds: string[] }): void {
  set(({ channels }) => {
    const next = { ...channels };
    orderedChannelIds.forEach((channelId, index) => {
      const channel = next[channelId];
      if (channel) next[channelId] = { ...channel, order: index + 1, categoryId: categoryId ?? null };
    });
    return { channels: next };
  });
}

export function channelPermissionsUpdated({ channelId, roleId, permissions }: { serverId: string; channelId: string; roleId: string; permissions: number }): void {
  set(({ channels }) => {
    const channel = channels[channelId];
    if (!channel) return {};
    const others = (channel.permissions ?? []).filter((entry) => entry.roleId !== roleId);
    return { channels: { ...channels, [channelId]: { ...channel, permissions: [...others, { roleId, permissions }] } } };
  });
}

// Emojis, scheduled deletion, clans.

export function emojiAdded({ serverId, emoji }: { serverId: string; emoji: CustomEmoji }): void {
  changeServer(serverId, (server) => ({ ...server, customEmojis: [...(server.customEmojis ?? []).filter((item) => item.id !== emoji.id), emoji] }));
}

export function emojiUpdated({ serverId, emojiId, name }: { serverId: string; emojiId: string; name: string }): void {
  changeServer(serverId, (server) => ({ ...server, customEmojis: (server.customEmojis ?? []).map((item) => (item.id === emojiId ? { ...item, name } : item)) }));
}

export function emojiRemoved({ serverId, emojiId }: { serverId: string; emojiId: string }): void {
  changeServer(serverId, (server) => ({ ...server, customEmojis: (server.customEmojis ?? []).filter((item) => item.id !== emojiId) }));
}

export function deletionScheduled({ serverId, scheduleAt }: { serverId: string; scheduleAt: number }): void {
  changeServer(serverId, (server) => ({ ...server, scheduledForDeletion: { scheduledAt: scheduleAt } }));
}

export function deletionUnscheduled({ serverId }: { serverId: string }): void {
  changeServer(serverId, (server) => ({ ...server, scheduledForDeletion: null }));
}

export function clanUpdated({ serverId, clan }: { serverId: string; clan: Server["clan"] }): void {
  changeServer(serverId, (server) => ({ ...server, clan }));
}

/** A page of a member list (memberLists): merged into what is loaded. */
export function membersLoaded(serverId: string, members: ServerMember[]): void {
  set((state) => {
    const loaded = { ...state.members[serverId] };
    for (const member of members) loaded[member.userId] = { ...member, serverId };
    return { members: { ...state.members, [serverId]: loaded } };
  });
}

/** `server:members_fetched` (the reference's partial mode; this client pages instead): merge when it is plain JSON. */
export function membersFetched(payload: unknown): void {
  if (!payload || typeof payload !== "object" || payload instanceof ArrayBuffer || ArrayBuffer.isView(payload)) return;
  const { serverId, members } = payload as { serverId?: string; members?: ServerMember[] };
  if (!serverId || !Array.isArray(members)) return;
  set((state) => ({ members: indexMembers(members.map((member) => ({ ...member, serverId })), { ...state.members }) }));
}

// The rail.

export function orderUpdated({ serverIds }: { serverIds: string[] }): void {
  set({ orderedServerIds: serverIds });
}

export function folderCreated({ folder }: { folder: ServerFolder }): void {
  set(({ folders }) => ({
    // A server lives in one folder: the new one takes its servers from the others.
    folders: [
      ...folders.filter((item) => item.id !== folder.id).map((item) => ({ ...item, serverIds: item.serverIds.filter((id) => !folder.serverIds.includes(id)) })),
      folder,
    ],
  }));
}

/** `server:folder_updated`; `serverIds: []` means the folder was deleted. */
export function folderUpdated({ folder }: { folder: ServerFolder }): void {
  set(({ folders, orderedServerIds }) => {
    if (folder.serverIds.length === 0) {
      return { folders: folders.filter((item) => item.id !== folder.id), orderedServerIds: orderedServerIds.filter((id) => id !== folder.id) };
    }
    const exists = folders.some((item) => item.id === folder.id);
    return { folders: exists ? folders.map((item) => (item.id === folder.id ? folder : item)) : [...folders, folder] };
  });
}

export function setRail(orderedServerIds: string[], folders: ServerFolder[]): void {
  set({ orderedServerIds, folders });
}

export function resetServers(): void {
  set(initialState);
}

// Derived data.

export function permissionSubject(state: Pick<ServersState, "servers" | "members" | "roles">, serverId: string, userId: string | undefined): PermissionSubject | null {
  const server = state.servers[serverId];
  if (!server) return null;
  return { server, userId, member: userId ? state.members[serverId]?.[userId] : undefined, roles: state.roles };
}

const byOrder = (a: ServerChannel, b: ServerChannel) =>
  (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) || (a.createdAt ?? 0) - (b.createdAt ?? 0) || a.id.localeCompare(b.id);

export function serverChannels(state: Pick<ServersState, "channels">, serverId: string): ServerChannel[] {
  return Object.values(state.channels)
    .filter((channel) => channel.serverId === serverId)
    .sort(byOrder);
}

export function serverRoles(state: Pick<ServersState, "roles">, serverId: string): ServerRole[] {
  return Object.values(state.roles)
    .filter((role) => role.serverId === serverId)
    .sort((a, b) => b.order - a.order);
}

export interface ChannelTreeNode {
  channel: ServerChannel;
  /** Children of a category, in order. */
  children: ServerChannel[];
}

/**
 * The channel list as the side pane draws it: top-level channels and categories by order, each
 * category with its children. Only what the user can view; the children of a category the user
 * cannot view are listed at the top level.
 */
export function visibleChannelTree(channels: ServerChannel[], subject: PermissionSubject | null): ChannelTreeNode[] {
  if (!subject) return [];
  const visible = channels.filter((channel) => canViewChannel(subject, channel));
  const categories = new Map(visible.filter((channel) => channel.type === CATEGORY_TYPE).map((channel) => [channel.id, channel]));
  const nodes: ChannelTreeNode[] = [];
  const childrenOf = new Map<string, ServerChannel[]>();
  const topLevel: ServerChannel[] = [];
  for (const channel of visible) {
    if (channel.type !== CATEGORY_TYPE && channel.categoryId && categories.has(channel.categoryId)) {
      childrenOf.set(channel.categoryId, [...(childrenOf.get(channel.categoryId) ?? []), channel]);
    } else topLevel.push(channel);
  }
  for (const channel of topLevel.sort(byOrder)) nodes.push({ channel, children: (childrenOf.get(channel.id) ?? []).sort(byOrder) });
  return nodes;
}

export type ChannelRoute =
  | { kind: "loading" }
  | { kind: "missing" }
  | { kind: "show"; channel: ServerChannel }
  | { kind: "redirect"; channelId: string }
  | { kind: "empty" };

/**
 * What `/app/servers/{serverId}/{channelId?}` shows: the channel when the user can view it, else
 * (no channel, a deleted one, one that became private) the server's default channel, or the first
 * text channel the user can view when the default one is hidden from them.
 */
export function resolveChannelRoute(state: ServersState, serverId: string, channelId: string | undefined, userId: string | undefined): ChannelRoute {
  const subject = permissionSubject(state, serverId, userId);
  if (!subject) return state.ready && !state.expected[serverId] ? { kind: "missing" } : { kind: "loading" };
  if (!subject.member) return { kind: "loading" };
  const channel = channelId ? state.channels[channelId] : undefined;
  if (channel && channel.serverId === serverId && channel.type !== CATEGORY_TYPE && canViewChannel(subject, channel)) return { kind: "show", channel };
  const fallback = state.channels[state.servers[serverId]!.defaultChannelId];
  if (fallback && fallback.serverId === serverId && canViewChannel(subject, fallback) && fallback.id !== channelId) {
    return { kind: "redirect", channelId: fallback.id };
  }
  const first = visibleChannelTree(serverChannels(state, serverId), subject)
    .flatMap((node) => [node.channel, ...node.children])
    .find((item) => item.type !== CATEGORY_TYPE && item.id !== channelId);
  return first ? { kind: "redirect", channelId: first.id } : { kind: "empty" };
}

export const selfUserId = () => useSelfUserStore.getState().user?.id;
