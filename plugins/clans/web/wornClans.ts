/**
 * What live events said about worn clans since the profiles on screen were loaded. Every plugin
 * keeps the users it shows (message authors, members, friends, DM recipients, post authors) in
 * its own store, with the clan their profile had then; the clan tag (`ClanTag`) draws that clan
 * as changed here, so one event updates every place at once:
 *
 * - `user:updated` with `profile` (Hearth adds it when a clan is put on or taken off): that user's clan;
 * - `user:updatedSelf` with `profile.clanServerId` (the reference's own event): this user's clan,
 *   resolved from the servers they are in, as the reference's clients do;
 * - `server:clan_updated`: the tag and icon of everyone wearing that server's clan, or none
 *   when it was deleted (deleting it takes it off every profile).
 *
 * `user:authenticated` starts afresh: what is loaded after it is current.
 */
import type { WornClan } from "./public";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { create } from "zustand";
import { useServersStore } from "../../servers/web/public";

interface ServerClanChange {
  /** The server's clan now; null when it was deleted. */
  clan: { tag: string; icon: string } | null;
  /** It was deleted since the profiles were loaded: clans loaded before no longer apply. */
  cleared: boolean;
}

export interface WornClansState {
  /** The clan of users whose clan changed live; null: none. */
  users: Record<string, WornClan | null>;
  /** Servers whose clan changed live. */
  servers: Record<string, ServerClanChange>;
}

export const useWornClans = create<WornClansState>()(() => ({ users: {}, servers: {} }));

/** The clan to show for a user whose loaded profile says `loaded`. */
export function resolveClan(state: WornClansState, userId: string, loaded: WornClan | null | undefined): WornClan | null {
  const changedLive = userId in state.users;
  const worn = changedLive ? state.users[userId]! : (loaded ?? null);
  const server = worn?.serverId ? state.servers[worn.serverId] : undefined;
  if (!worn || !server) return worn;
  // A clan chosen live was chosen after any deletion (the deletion took off the ones before it).
  if (!server.clan || (server.cleared && !changedLive)) return null;
  return { ...server.clan, serverId: worn.serverId };
}

export function wornClanChanged(userId: string, clan: WornClan | null): void {
  useWornClans.setState((state) => ({ users: { ...state.users, [userId]: clan } }));
}

export function userUpdated({ userId, updated }: { userId: string; updated?: { profile?: { clan?: WornClan | null } | null } }): void {
  if (updated && "profile" in updated) wornClanChanged(userId, updated.profile?.clan ?? null);
}

export function selfUpdated(changes: { profile?: { clanServerId?: string | null } }): void {
  const selfId = useSelfUserStore.getState().user?.id;
  if (!selfId || !changes.profile || !("clanServerId" in changes.profile)) return;
  const serverId = changes.profile.clanServerId;
  const clan = serverId ? useServersStore.getState().servers[serverId]?.clan : null;
  wornClanChanged(selfId, serverId && clan ? { tag: clan.tag, icon: clan.icon, serverId } : null);
}

export function serverClanUpdated({ serverId, clan }: { serverId: string; clan: { tag: string; icon: string } | null }): void {
  useWornClans.setState((state) => {
    const users = clan ? state.users : Object.fromEntries(Object.entries(state.users).map(([id, worn]) => [id, worn?.serverId === serverId ? null : worn]));
    const cleared = !clan || Boolean(state.servers[serverId]?.cleared);
    return { users, servers: { ...state.servers, [serverId]: { clan: clan ? { tag: clan.tag, icon: clan.icon } : null, cleared } } };
  });
}

export function resetWornClans(): void {
  useWornClans.setState({ users: {}, servers: {} });
}
