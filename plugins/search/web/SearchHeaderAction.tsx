/** The channel header's one search button (the messages pane's slot): the search box, opened
 * in a server channel on the server with `in:<channel>` typed, in a DM or group on that chat. */
import { Icon } from "@hearth/ui/Icon";
import { useNavigate } from "react-router";
import type { ChannelSearchButtonProps } from "../../messages/web/public";
import { t } from "./i18n";
import { openSearch, withChannelName } from "./openSearch";

export function SearchHeaderAction({ serverId, channelId }: ChannelSearchButtonProps) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t("shortcut")}
      title={t("shortcut")}
      data-testid="open-hearth-search"
      onClick={() => openSearch(withChannelName({ serverId: serverId ?? undefined, channelId }), navigate)}
    >
      <Icon name="search" />
    </button>
  );
}
