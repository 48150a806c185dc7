/** The search button of a server channel's header: the search box, looking in this server. */
import { Icon } from "@hearth/ui/Icon";
import { useNavigate } from "react-router";
import type { ChannelContributionProps } from "../../servers/web/public";
import { t } from "./i18n";
import { openSearch } from "./openSearch";

export function SearchHeaderAction({ serverId, channelId }: ChannelContributionProps) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t("shortcut")}
      title={t("shortcut")}
      data-testid="open-hearth-search"
      onClick={() => openSearch({ serverId, channelId }, navigate)}
    >
      <Icon name="search" />
    </button>
  );
}
