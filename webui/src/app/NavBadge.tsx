import { t } from "../i18n/i18n";

/** The count a plugin shows on its navigation entry (unread messages, pending requests). */
export function NavBadge({ useBadge, className = "nav-badge" }: { useBadge: () => number; className?: string }) {
  const count = useBadge();
  if (count <= 0) return null;
  return (
    <span className={className} role="img" aria-label={t("app.badge", { count })}>
      {count > 99 ? "99+" : count}
    </span>
  );
}
