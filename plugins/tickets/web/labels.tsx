/** Status and category labels of tickets, and the pieces of UI the pages share. */
import { formatDateTime } from "@hearth/ui/format";
import type { ReactNode } from "react";
import { t } from "./i18n";
import { isClosed, TICKET_CATEGORIES, TICKET_STATUSES, type Ticket } from "./types";

export const statusLabel = (status: number, staff = false) =>
  staff ? t(`staffStatus.${status}` as "staffStatus.0") : t(`status.${status}` as "status.0");

export const categoryLabel = (category: number) => t(`category.${category}` as "category.0");

export function StatusPill({ ticket, staff = false }: { ticket: Pick<Ticket, "status">; staff?: boolean }) {
  const tone = isClosed(ticket.status) ? "" : ticket.status === (staff ? 0 : 1) ? " badge--warn" : " badge--ok";
  return (
    <span className={`badge ticket-status${tone}`} data-status={ticket.status}>
      {statusLabel(ticket.status, staff)}
    </span>
  );
}

interface StatusSelectProps {
  label: string;
  value: number | undefined;
  onChange: (status: number | undefined) => void;
  /** The "every status" choice of a filter; without it a status must be picked. */
  anyLabel?: string;
  disabled?: boolean;
}

export function StatusSelect({ label, value, onChange, anyLabel, disabled }: StatusSelectProps) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select
        className="field__input"
        aria-label={label}
        value={value ?? ""}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === "" ? undefined : Number(event.target.value))}
      >
        {anyLabel && <option value="">{anyLabel}</option>}
        {TICKET_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status, true)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A ticket's number, title, category and opening date; ``extra`` goes at the end of that line. */
export function TicketHeader({ ticket, extra, children }: { ticket: Ticket; extra?: ReactNode; children: ReactNode }) {
  return (
    <header className="ticket-header">
      <h2>
        #{ticket.id} {ticket.title}
      </h2>
      <p className="muted">
        {categoryLabel(ticket.category)} · {t("ticket.opened", { date: formatDateTime(ticket.openedAt) })}
        {extra}
      </p>
      {children}
    </header>
  );
}

export { TICKET_CATEGORIES, TICKET_STATUSES };
