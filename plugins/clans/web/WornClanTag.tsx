/** The `ClanTag` extension: the clan a user wears beside their name, kept current by live events (`wornClans.ts`). */
import type { ClanTagProps } from "./public";
import { ClanBadge } from "./ClanBadge";
import { resolveClan, useWornClans } from "./wornClans";
import "./clans.css";

export function WornClanTag({ userId, clan }: ClanTagProps) {
  const users = useWornClans((state) => state.users);
  const servers = useWornClans((state) => state.servers);
  const shown = resolveClan({ users, servers }, userId, clan);
  return shown ? <ClanBadge clan={shown} /> : null;
}
