import type { CSSProperties } from "react";
import { t } from "../i18n";
import { badgesIn, type Badge } from "./badgeCatalogue";
import "./badges.css";

export function BadgeChip({ badge }: { badge: Badge }) {
  return (
    <span className="user-badge" style={{ "--badge-color": badge.color } as CSSProperties} data-testid="user-badge">
      {t(`badges.names.${badge.key}`)}
    </span>
  );
}

/** The badges a user shows (their `badges` bitfield), drawn beside their name. */
export function UserBadges({ badges }: { badges: number | undefined }) {
  const shown = badgesIn(badges);
  if (!shown.length) return null;
  return (
    <span className="user-badges" role="group" aria-label={t("badges.shownLabel")}>
      {shown.map((badge) => (
        <BadgeChip key={badge.bit} badge={badge} />
      ))}
    </span>
  );
}
