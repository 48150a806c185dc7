/** /app/moderation/tickets: every ticket, for the instance's admins (rest.md §8.4). */
import { describeError } from "@hearth/api/requestErrors";
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { t } from "./i18n";
import { useLiveTicketList } from "./live";
import { useIsTicketStaff } from "./staff";
import { StatusTabs } from "./StatusTabs";
import { TicketRow } from "./TicketsPage";
import { allTickets, PAGE_SIZE } from "./ticketsApi";
import type { Ticket } from "./types";
import "./tickets.css";

export default function StaffTicketsPage() {
  const staff = useIsTicketStaff();
  const [status, setStatus] = useState<number | undefined>(0);
  const [includeIgnored, setIncludeIgnored] = useState(false);
  const [tickets, setTickets] = useState<Ticket[] | null>(null);
  const [more, setMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);

  useEffect(() => setTickets(null), [status, includeIgnored]);

  useLiveTicketList(tickets, setTickets, status, () => setLoads((n) => n + 1));

  useEffect(() => {
    if (!staff) return;
    let active = true;
    setError(null);
    allTickets({ status, includeIgnored }).then(
      (page) => {
        if (!active) return;
        setTickets(page);
        setMore(page.length === PAGE_SIZE);
      },
      (failure: unknown) => active && setError(describeError(failure)),
    );
    return () => {
      active = false;
    };
  }, [staff, status, includeIgnored, loads]);

  const loadMore = async () => {
    const last = tickets?.at(-1);
    if (!tickets || !last) return;
    setLoadingMore(true);
    try {
      const page = await allTickets({ status, includeIgnored, after: last.id });
      setTickets([...tickets, ...page]);
      setMore(page.length === PAGE_SIZE);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setLoadingMore(false);
    }
  };

  if (!staff) return <p className="tickets-page muted">{t("moderation.adminsOnly")}</p>;

  return (
    <div className="tickets-page">
      <LayoutSlot name="headerTitle">{t("moderation.title")}</LayoutSlot>
      <Link to="/app/moderation">← {t("moderation.back")}</Link>
      <h2>{t("moderation.title")}</h2>
      <StatusTabs value={status} onChange={setStatus} staff />
      <div className="ticket-filters">
        <label className="checkbox">
          <input type="checkbox" checked={includeIgnored} onChange={(event) => setIncludeIgnored(event.target.checked)} />
          {t("moderation.includeMuted")}
        </label>
      </div>
      <FormError message={error} />
      {tickets === null && !error && <PaneLoading />}
      {tickets?.length === 0 && <p className="muted">{t("moderation.empty")}</p>}
      {tickets && tickets.length > 0 && (
        <ul className="ticket-list" data-testid="staff-ticket-list">
          {tickets.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} to={`/app/moderation/tickets/${ticket.id}`} staff />
          ))}
        </ul>
      )}
      {more && (
        <Button loading={loadingMore} onClick={() => void loadMore()}>
          {t("moderation.loadMore")}
        </Button>
      )}
    </div>
  );
}
