import { useEffect, useState } from "react";
import { describeError } from "@hearth/api/requestErrors";
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { updateSelfUser, useSelfUserStore } from "@hearth/stores/selfUserStore";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { getInventory, toggleBadge } from "./accountsApi";
import { BADGES, FREE_BITS, LOCKED_BITS, type Badge } from "./badges/badgeCatalogue";
import { BadgeChip } from "./badges/UserBadges";
import { t } from "./i18n";
import { SettingsSection } from "./SettingsSection";
import "./accountSettings.css";

function noteOf(badge: Badge): string {
  if (badge.bit & LOCKED_BITS) return t("badges.locked");
  if (badge.bit & FREE_BITS) return t("badges.free");
  return t("badges.owned");
}

interface BadgeRowProps {
  badge: Badge;
  shown: boolean;
  pending: boolean;
  onToggle: () => void;
}

function BadgeRow({ badge, shown, pending, onToggle }: BadgeRowProps) {
  const name = t(`badges.names.${badge.key}`);
  const locked = (badge.bit & LOCKED_BITS) !== 0;
  return (
    <li className="badge-settings__row" data-testid="badge-row" data-badge={badge.key}>
      <div className="badge-settings__text">
        <span>
          <BadgeChip badge={badge} />
        </span>
        <span className="muted">{noteOf(badge)}</span>
      </div>
      <label className="badge-settings__toggle">
        <input type="checkbox" checked={shown} disabled={locked || pending} onChange={onToggle} aria-label={t("badges.show", { name })} />
        <span>{t("badges.shownToggle")}</span>
      </label>
    </li>
  );
}

/** /app/settings/badges: the badges you own, and which of them show beside your name (rest.md §1.29). */
export default function BadgesSettingsPage() {
  const user = useSelfUserStore((state) => state.user);
  const [ownedItems, setOwnedItems] = useState<number | null>(null);
  const [pendingBit, setPendingBit] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    getInventory()
      .then((items) => active && setOwnedItems(items.reduce((bits, item) => bits | Number(item.itemId), 0)))
      .catch((failure: unknown) => active && setError(describeError(failure)));
    return () => {
      active = false;
    };
  }, []);

  if (!user || (ownedItems === null && !error)) return <PaneLoading />;

  const shownBits = user.badges;
  // Yours to list: items you own (shown or not), the free badge, and the staff badges you hold.
  const listed = BADGES.filter((badge) => badge.bit & ((ownedItems ?? 0) | FREE_BITS | (shownBits & LOCKED_BITS)));

  const toggle = async (badge: Badge) => {
    setPendingBit(badge.bit);
    setError(null);
    try {
      const { badges } = await toggleBadge(badge.bit);
      updateSelfUser({ badges });
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setPendingBit(null);
    }
  };

  return (
    <div className="account-settings" data-testid="badge-settings">
      <LayoutSlot name="headerTitle">{t("badges.title")}</LayoutSlot>
      <header>
        <h2 className="account-settings__title">{t("badges.title")}</h2>
        <p className="muted">{t("badges.subtitle")}</p>
      </header>
      <SettingsSection title={t("badges.yours")}>
        <ul className="badge-settings__list">
          {listed.map((badge) => (
            <BadgeRow
              key={badge.bit}
              badge={badge}
              shown={(shownBits & badge.bit) !== 0}
              pending={pendingBit !== null}
              onToggle={() => void toggle(badge)}
            />
          ))}
        </ul>
        <FormError message={error} />
      </SettingsSection>
    </div>
  );
}
