/** Explore listings on the wire (rest.md §6, entities.md §4.14). Timestamps are epoch ms. */
import type { Server } from "../../servers/web/public";

export interface ExploreServer extends Server {
  _count: { serverMembers: number; welcomeQuestions?: number };
  createdBy?: { id: string; username: string; tag: string } | null;
}

export interface ExploreItem {
  id: string;
  /** 0 server, 1 bot (bot listings come with the applications plugin). */
  type: number;
  serverId: string | null;
  botApplicationId: string | null;
  botPermissions: number | null;
  description: string;
  bumpCount: number;
  bumpedAt: number;
  lifetimeBumpCount: number;
  pinnedAt: number | null;
  createdAt: number;
  server?: ExploreServer | null;
}

export type ExploreSort = "most_bumps" | "most_members" | "recently_added" | "recently_bumped" | "most_active";
export type ExploreFilter = "all" | "verified";

export interface ExploreQuery {
  sort: ExploreSort;
  filter: ExploreFilter;
  search: string;
}
