/** The header's search button of a channel: another plugin's (search: the one search box) when
 * one fills the slot, else the pane's own search of this channel (rest.md §3.2) in the drawer. */
import { useLayoutStore } from "@hearth/app/layoutStore";
import { Icon } from "@hearth/ui/Icon";
import { t } from "../i18n";
import { messageSlots } from "../slots";
import { toggleSearch, useSearchStore } from "../store/searchStore";

export function ChannelSearchEntry({ channelId, serverId }: { channelId: string; serverId: string | null }) {
  const Provided = messageSlots.channelSearchButton.use();
  const searchOpen = useSearchStore((state) => state.channelId === channelId);
  if (Provided) return <Provided channelId={channelId} serverId={serverId} />;
  return (
    <button
      type="button"
      className={`icon-button${searchOpen ? " icon-button--active" : ""}`}
      aria-label={t("search.open")}
      aria-pressed={searchOpen}
      title={t("search.open")}
      data-testid="open-search"
      onClick={() => {
        // Open but out of sight (the drawer was closed, e.g. after a jump on a phone): show it again.
        if (searchOpen && !useLayoutStore.getState().rightDrawerOpen) useLayoutStore.setState({ rightDrawerOpen: true });
        else toggleSearch(channelId);
      }}
    >
      <Icon name="search" />
    </button>
  );
}
