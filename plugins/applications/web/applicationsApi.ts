/** The applications, bot, bot-invite and explore-bot routes (rest.md §10, §4.7, §6.7–6.8). */
import { request } from "@hearth/api/request";
import type { Application, BotCard, BotCommand, BotFilter, BotListing, BotSort, BotUser } from "./types";

const id = encodeURIComponent;
export const BOT_PAGE_SIZE = 24;

export const listApplications = () => request<Application[]>({ path: "/applications" });
/** `name` is Hearth's (asked for first); without it the server names it "Untitled N". */
export const createApplication = (name?: string) =>
  request<Application>({ method: "POST", path: "/applications", body: name === undefined ? undefined : { name } });
export const getApplication = (appId: string) => request<Application>({ path: `/applications/${id(appId)}` });
export const updateApplication = (appId: string, body: { name?: string; redirectUris?: string[] }) =>
  request<{ id: string; name?: string; redirectUris?: string[] }>({ method: "PATCH", path: `/applications/${id(appId)}`, body });
export const deleteApplication = (appId: string) => request<unknown>({ method: "DELETE", path: `/applications/${id(appId)}` });
export const refreshSecret = (appId: string) =>
  request<Application>({ method: "POST", path: `/applications/${id(appId)}/client-secret-refresh` });

/** `username` is Hearth's (asked for first); without it the server names it "Untitled Bot NNNN". */
export const createBot = (appId: string, username?: string) =>
  request<BotUser>({ method: "POST", path: `/applications/${id(appId)}/bot`, body: username === undefined ? undefined : { username } });
export const updateBot = (appId: string, body: Record<string, string | null>) =>
  request<BotUser>({ method: "PATCH", path: `/applications/${id(appId)}/bot`, body });
export const getBotCard = (appId: string, includeServers = false) =>
  request<BotCard>({ path: `/applications/${id(appId)}/bot`, query: { includeServers: includeServers ? "1" : undefined } });
export const getBotToken = (appId: string) => request<{ token: string }>({ path: `/applications/${id(appId)}/token` });
export const resetBotToken = (appId: string) => request<unknown>({ method: "POST", path: `/applications/${id(appId)}/token` });

export const addBotToServer = (serverId: string, appId: string, permissions: number) =>
  request<{ success: boolean }>({
    method: "POST",
    path: `/servers/${id(serverId)}/invites/applications/${id(appId)}/bot`,
    query: { permissions },
  });

export const serverBotCommands = (serverId: string) =>
  request<{ commands: BotCommand[] }>({ path: `/servers/${id(serverId)}/bot-commands` });

export const getBotListing = (appId: string) => request<BotListing>({ path: `/explore/bots/${id(appId)}` });
export const publishBot = (appId: string, description: string, permissions: number) =>
  request<BotListing>({ method: "POST", path: `/explore/bots/${id(appId)}`, body: { description, permissions } });
export const unlistBot = (itemId: string) => request<unknown>({ method: "DELETE", path: `/explore/${id(itemId)}` });
export const listBots = (query: { sort: BotSort; filter: BotFilter; search: string }, afterId?: string) =>
  request<BotListing[]>({
    path: "/explore",
    query: {
      type: "bot",
      sort: query.sort,
      filter: query.filter === "all" ? undefined : query.filter,
      search: query.search.trim() || undefined,
      limit: BOT_PAGE_SIZE,
      afterId,
    },
  });

/** The shareable page that adds a bot to a server with these permissions (spec §2 `/bot/{appId}`). */
export function inviteLink(appId: string, permissions: number): string {
  return `${window.location.origin}/bot/${id(appId)}?perms=${permissions}`;
}
