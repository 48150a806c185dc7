/** Opens the search dialog (its code loads the first time). */
import { openModal } from "@hearth/ui/modal/modalStore";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { useServersStore } from "../../servers/web/public";
import type { SearchContext } from "./SearchDialog";

const SearchDialog = lazyComponent(async () => (await import("./SearchDialog")).SearchDialog);

export function openSearch(context: SearchContext, navigate: (path: string) => void): void {
  openModal((close) => <SearchDialog context={context} close={close} navigate={navigate} />);
}

/** The server and channel of an address of the app (`/app/servers/{server}/{channel}`, `/app/inbox/{channel}`). */
export function contextOf(pathname: string): SearchContext {
  const server = /^\/app\/servers\/([^/]+)(?:\/([^/?]+))?/.exec(pathname);
  if (server?.[1]) return { serverId: decodeURIComponent(server[1]), channelId: server[2] ? decodeURIComponent(server[2]) : undefined };
  const direct = /^\/app\/(?:inbox|groups)\/([^/?]+)/.exec(pathname);
  return direct?.[1] ? { channelId: decodeURIComponent(direct[1]) } : {};
}

/** The context with its server channel's name, for the box's `in:` (none outside a server). */
export function withChannelName(context: SearchContext): SearchContext {
  if (!context.serverId || !context.channelId) return context;
  const channel = useServersStore.getState().channels[context.channelId];
  return channel?.name ? { ...context, channelName: channel.name } : context;
}
