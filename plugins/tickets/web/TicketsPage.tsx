/** /app/settings/tickets: the user's tickets and the form to open one (rest.md §9). */
import { describeError } from "@hearth/api/requestErrors";
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { fieldError, useFormAction } from "@hearth/ui/form/useFormAction";
import { formatDateTime } from "@hearth/ui/format";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { t } from "./i18n";
import { useLiveTicketList } from "./live";
import { categoryLabel, StatusPill, TICKET_CATEGORIES } from "./labels";
import { StatusTabs } from "./StatusTabs";
import { myTickets, openTicket } from "./ticketsApi";
import type { Ticket } from "./types";
import "./tickets.css";

function NewTicketForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const [category, setCategory] = useState(0);
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const { pending, errors, run } = useFormAction(["title", "body", "category"] as const);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!title.trim()) throw fieldError("title", t("form.titleRequired"));
      if (!body.trim()) throw fieldError("body", t("form.bodyRequired"));
      const ticket = await openTicket({ title: title.trim(), body: body.trim(), category });
      navigate(`/app/settings/tickets/${ticket.id}`);
    });
  };

  return (
    <form className="card ticket-form stack" onSubmit={submit} noValidate aria-label={t("form.title")}>
      <h3>{t("form.title")}</h3>
      <label className="field">
        <span className="field__label">{t("form.category")}</span>
        <select className="field__input" value={category} onChange={(event) => setCategory(Number(event.target.value))}>
          {TICKET_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {categoryLabel(value)}
            </option>
          ))}
        </select>
      </label>
      <TextField label={t("form.subject")} name="title" maxLength={200} value={title} onChange={(event) => setTitle(event.target.value)} error={errors.fields.title} />
      <label className="field">
        <span className="field__label">{t("form.body")}</span>
        <textarea className="field__input" name="body" rows={5} maxLength={2000} value={body} aria-invalid={errors.fields.body ? true : undefined} onChange={(event) => setBody(event.target.value)} />
        {errors.fields.body && <p className="field__error">{errors.fields.body}</p>}
      </label>
      <FormError message={errors.general ?? errors.fields.category ?? null} />
      <div className="button-row button-row--end">
        <Button onClick={onCancel}>{t("form.cancel")}</Button>
        <Button type="submit" variant="primary" loading={pending}>
          {t("form.submit")}
        </Button>
      </div>
    </form>
  );
}

export function TicketRow({ ticket, to, staff = false }: { ticket: Ticket; to: string; staff?: boolean }) {
  return (
    <li>
      <Link className={`card ticket-row${ticket.seen === false && !staff ? " ticket-row--unread" : ""}`} to={to}>
        <span className="ticket-row__id">#{ticket.id}</span>
        <span className="ticket-row__main">
          <strong className="ticket-row__title">{ticket.title}</strong>
          <span className="muted">
            {categoryLabel(ticket.category)} · {t("list.updated", { date: formatDateTime(ticket.lastUpdatedAt) })}
            {staff && ticket.openedBy ? ` · ${t("moderation.openedBy", { user: `${ticket.openedBy.username}:${ticket.openedBy.tag}` })}` : ""}
          </span>
        </span>
        {ticket.seen === false && !staff && <span className="badge badge--warn">{t("list.unread")}</span>}
        <StatusPill ticket={ticket} staff={staff} />
      </Link>
    </li>
  );
}

export default function TicketsPage() {
  const [tickets, setTickets] = useState<Ticket[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [loads, setLoads] = useState(0);

  useEffect(() => setTickets(null), [status]);

  useEffect(() => {
    let active = true;
    setError(null);
    myTickets({ status }).then(
      (list) => active && setTickets(list),
      (failure: unknown) => active && setError(describeError(failure)),
    );
    return () => {
      active = false;
    };
  }, [status, loads]);

  useLiveTicketList(tickets, setTickets, status, () => setLoads((n) => n + 1));

  return (
    <div className="tickets-page">
      <LayoutSlot name="headerTitle">{t("list.title")}</LayoutSlot>
      <header className="tickets-page__header">
        <div>
          <h2>{t("list.title")}</h2>
          <p className="muted">{t("list.subtitle")}</p>
        </div>
        {!creating && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t("list.new")}
          </Button>
        )}
      </header>
      {creating && <NewTicketForm onCancel={() => setCreating(false)} />}
      <StatusTabs value={status} onChange={setStatus} />
      <FormError message={error} />
      {tickets === null && !error && <PaneLoading label={t("list.loading")} />}
      {tickets?.length === 0 && <p className="muted">{status === undefined ? t("list.empty") : t("list.emptyStatus")}</p>}
      {tickets && tickets.length > 0 && (
        <ul className="ticket-list" data-testid="ticket-list">
          {tickets.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} to={`/app/settings/tickets/${ticket.id}`} />
          ))}
        </ul>
      )}
    </div>
  );
}
