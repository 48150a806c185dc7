/** A clan's icon and tag, as shown beside a name. */
import { cdnUrl } from "@hearth/api/cdn";
import type { Clan } from "./clansApi";
import { t } from "./i18n";

export function ClanBadge({ clan }: { clan: Clan }) {
  return (
    <span className="clan-badge" data-testid="clan-badge" title={t("badge.title", { tag: clan.tag })}>
      <img className="clan-badge__icon" src={cdnUrl(clan.icon)} alt="" />
      <span>{clan.tag}</span>
    </span>
  );
}
