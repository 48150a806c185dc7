/** A clan's icon and tag, as shown beside a name. */
import { cdnUrl } from "@hearth/api/cdn";
import type { Clan } from "./clansApi";

export function ClanBadge({ clan }: { clan: Clan }) {
  return (
    <span className="clan-badge" data-testid="clan-badge">
      <img className="clan-badge__icon" src={cdnUrl(clan.icon)} alt="" />
      <span>{clan.tag}</span>
    </span>
  );
}
