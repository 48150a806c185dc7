/** /app/settings/tickets/{id}: one of the user's tickets and its conversation. */
import { describeError } from "@hearth/api/requestErrors";
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { Conversation } from "./Conversation";
import { t } from "./i18n";
import { useTicketsReconnected, useTicketUpdates } from "./live";
import { StatusPill, TicketHeader } from "./labels";
import { markAnswered, myTicket } from "./ticketsApi";
import { isClosed, type Ticket } from "./types";
import { refreshUnreadTickets } from "./unread";
import "./tickets.css";

export default function TicketPage() {
  const ticketId = useParams().id ?? "";
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [readAt, setReadAt] = useState(0);

  useEffect(() => {
    let active = true;
    setError(null);
    myTicket(ticketId).then(
      (found) => {
        if (!active) return;
        setTicket(found);
        void refreshUnreadTickets(); // reading it marked it seen
      },
      (failure: unknown) => active && setError(describeError(failure)),
    );
    return () => {
      active = false;
    };
  }, [ticketId, readAt]);

  useEffect(() => setTicket(null), [ticketId]);

  // Staff changed it while it is open: show the change, and read it again so it counts as seen —
  // once the tab is in view (a hidden tab's reader has not seen it: the Support badge says so).
  const [unseen, setUnseen] = useState(false);
  useTicketUpdates((update) => {
    if (String(update.id) !== ticketId) return;
    setTicket((current) => (current ? { ...current, ...update } : current));
    if (update.seen === false) setUnseen(true);
  });
  useEffect(() => {
    if (!unseen) return;
    const readIfShown = () => {
      if (document.visibilityState !== "visible") return;
      setUnseen(false);
      setReadAt((n) => n + 1);
    };
    readIfShown();
    document.addEventListener("visibilitychange", readIfShown);
    return () => document.removeEventListener("visibilitychange", readIfShown);
  }, [unseen]);
  useTicketsReconnected(() => setReadAt((n) => n + 1));

  return (
    <div className="tickets-page">
      <LayoutSlot name="headerTitle">{ticket ? ticket.title : t("list.title")}</LayoutSlot>
      <Link to="/app/settings/tickets">← {t("ticket.back")}</Link>
      <FormError message={error} />
      {!ticket && !error && <PaneLoading label={t("ticket.loading")} />}
      {ticket && (
        <>
          <TicketHeader ticket={ticket}>
            <StatusPill ticket={ticket} />
          </TicketHeader>
          <Conversation
            channelId={ticket.channelId}
            canWrite={!isClosed(ticket.status)}
            onSent={async () => {
              if (ticket.status !== 0) setTicket({ ...ticket, ...(await markAnswered(ticket.id)) });
            }}
          />
        </>
      )}
    </div>
  );
}
