/**
 * The actions other bundles add to a channel's header (threads, calls), for any channel view. Its
 * own file: other bundles (forums) import it through `public.ts` at start-up, and the channel view
 * with the side bar it draws loads only with the server page.
 */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { serverSlots } from "../slots";

export function ChannelHeaderActions({ serverId, channelId }: { serverId: string; channelId: string }) {
  const headerActions = serverSlots.channelHeaderActions.use();
  if (headerActions.length === 0) return null;
  return (
    <LayoutSlot name="headerActions">
      {headerActions.map(({ Component: Action }, index) => (
        <Action key={index} serverId={serverId} channelId={channelId} />
      ))}
    </LayoutSlot>
  );
}
