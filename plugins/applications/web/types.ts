/** Applications and bots on the wire (entities.md §9.2, rest.md §10). Timestamps are epoch ms. */

export interface BotUser {
  id: string;
  username: string;
  tag: string;
  avatar: string | null;
  banner: string | null;
  hexColor: string | null;
  badges: number;
  bot: boolean | null;
  profile?: { bio: string | null } | null;
}

export interface Application {
  id: string;
  name: string;
  botUserId: string | null;
  creatorAccountId: string;
  createdAt: number;
  redirectUris: string[];
  clientSecret?: string | null;
  botUser?: BotUser | null;
}

export interface BotCard {
  bot: BotUser & { application: { id: string; creatorAccount: { user: { id: string; username: string; tag: string } } } };
  servers?: { id: string; name: string }[];
}

export interface BotCommand {
  botUserId: string;
  name: string;
  description: string | null;
  args: string | null;
  permissions: number | null;
}

export interface BotListing {
  id: string;
  botApplicationId: string;
  botPermissions: number | null;
  description: string;
  bumpCount: number;
  lifetimeBumpCount: number;
  bumpedAt: number;
  botApplication: {
    id: string;
    botUser: BotUser & { _count: { servers: number }; online: boolean };
    creatorAccount: { user: { id: string; username: string; tag: string } | null };
  };
}

export type BotSort = "most_bumps" | "most_members" | "recently_added" | "recently_bumped";
export type BotFilter = "all" | "online_bots" | "offline_bots";
