/**
 * The ticket lists' tab bar: every ticket, or those of one status (rest.md §9.1 and §8.4 filter
 * on a single `status`, as the reference client's status toggles do).
 */
import { t } from "./i18n";
import { statusLabel } from "./labels";
import { TICKET_STATUSES } from "./types";

interface StatusTabsProps {
  value: number | undefined;
  onChange: (status: number | undefined) => void;
  /** The admins' wording of the statuses ("Waiting for the user") rather than the opener's. */
  staff?: boolean;
}

export function StatusTabs({ value, onChange, staff = false }: StatusTabsProps) {
  const tabs: { status: number | undefined; label: string }[] = [
    { status: undefined, label: t("tabs.all") },
    ...TICKET_STATUSES.map((status) => ({ status, label: statusLabel(status, staff) })),
  ];
  return (
    <div className="ticket-tabs" role="tablist" aria-label={t("tabs.label")}>
      {tabs.map(({ status, label }) => (
        <button
          key={status ?? "all"}
          type="button"
          role="tab"
          aria-selected={value === status}
          className={`ticket-tab${value === status ? " ticket-tab--active" : ""}`}
          data-status={status ?? "all"}
          onClick={() => onChange(status)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
