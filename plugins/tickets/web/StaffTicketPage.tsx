/** /app/moderation/tickets/{id}: a ticket for the admins — status, mute, and the conversation. */
import { describeError } from "@hearth/api/requestErrors";
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { usePluginStore } from "@hearth/plugins/pluginStore";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useNamedAction } from "@hearth/ui/form/useNamedAction";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { Conversation } from "./Conversation";
import { t } from "./i18n";
import { useTicketsReconnected, useTicketUpdates } from "./live";
import { StatusPill, StatusSelect, TicketHeader } from "./labels";
import { useIsTicketStaff } from "./staff";
import { muteTicket, setTicketStatus, staffTicket } from "./ticketsApi";
import { isClosed, type Ticket, type TicketUser } from "./types";
import "./tickets.css";

const WAITING_FOR_USER = 1;

function Opener({ user, linked }: { user: TicketUser; linked: boolean }) {
  const label = t("moderation.openedBy", { user: `${user.username}:${user.tag}` });
  return <> · {linked ? <Link to={`/app/moderation/users/${user.id}`}>{label}</Link> : label}</>;
}

export default function StaffTicketPage() {
  const ticketId = useParams().id ?? "";
  const staff = useIsTicketStaff();
  const selfId = useSelfUserStore((state) => state.user?.id);
  const moderationLoaded = usePluginStore((state) => state.loadedIds.includes("moderation"));
  const [ticket, setTicket] = useState<Ticket | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const actions = useNamedAction<"status" | "mute">(describeError);

  const [loads, setLoads] = useState(0);

  useEffect(() => {
    if (!staff) return;
    let active = true;
    staffTicket(ticketId).then(
      (found) => active && setTicket(found),
      (failure: unknown) => active && setError(describeError(failure)),
    );
    return () => {
      active = false;
    };
  }, [staff, ticketId, loads]);

  useEffect(() => setTicket(undefined), [ticketId]);

  // The opener answered, another admin changed the status, the 50th message closed it.
  useTicketUpdates((update) => {
    if (String(update.id) === ticketId) setTicket((current) => (current ? { ...current, ...update } : current));
  });
  useTicketsReconnected(() => setLoads((n) => n + 1));

  if (!staff) return <p className="tickets-page muted">{t("moderation.adminsOnly")}</p>;
  const muted = ticket?.ignoredByUsers?.some((entry) => entry.userId === selfId) ?? false;

  return (
    <div className="tickets-page">
      <LayoutSlot name="headerTitle">{ticket ? ticket.title : t("moderation.title")}</LayoutSlot>
      <Link to="/app/moderation/tickets">← {t("moderation.title")}</Link>
      <FormError message={error ?? actions.error} />
      {ticket === undefined && !error && <PaneLoading label={t("ticket.loading")} />}
      {ticket === null && <p className="muted">{t("ticket.notFound")}</p>}
      {ticket && (
        <>
          <TicketHeader ticket={ticket} extra={ticket.openedBy && <Opener user={ticket.openedBy} linked={moderationLoaded} />}>
            <div className="ticket-actions">
              <StatusPill ticket={ticket} staff />
              <StatusSelect
                label={t("moderation.setStatus")}
                value={ticket.status}
                disabled={actions.action !== null}
                onChange={(status) =>
                  status !== undefined &&
                  void actions.run("status", async () => setTicket({ ...ticket, ...(await setTicketStatus(ticket.id, status)) }))
                }
              />
              <Button
                loading={actions.action === "mute"}
                disabled={muted || actions.action !== null}
                onClick={() =>
                  void actions.run("mute", async () => {
                    await muteTicket(ticket.id);
                    setTicket({ ...ticket, ignoredByUsers: [...(ticket.ignoredByUsers ?? []), { userId: selfId ?? "" }] });
                  })
                }
              >
                {muted ? t("moderation.muted") : t("moderation.mute")}
              </Button>
            </div>
          </TicketHeader>
          <Conversation
            channelId={ticket.channelId}
            canWrite
            onSent={async () => {
              if (!isClosed(ticket.status) && ticket.status !== WAITING_FOR_USER) {
                setTicket({ ...ticket, ...(await setTicketStatus(ticket.id, WAITING_FOR_USER)) });
              }
            }}
          />
        </>
      )}
    </div>
  );
}
