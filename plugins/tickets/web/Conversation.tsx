/**
 * A ticket's messages and the reply box. New messages arrive live (`ticket:message`, Hearth's
 * opt-in event: the reference has none for tickets); after a reconnect the latest page is loaded
 * again.
 */
import { describeError } from "@hearth/api/requestErrors";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { formatDateTime } from "@hearth/ui/format";
import { Markup } from "@hearth/ui/markup/Markup";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { t } from "./i18n";
import { useTicketMessages, useTicketsReconnected } from "./live";
import { MESSAGE_PAGE, sendTicketMessage, ticketMessages } from "./ticketsApi";
import type { TicketMessage } from "./types";

const STAFF_BADGES = 1 | 2;

interface ConversationProps {
  channelId: string;
  /** The opener may not write in a closed ticket; staff always may. */
  canWrite: boolean;
  closedNote?: string;
  /** Runs after a reply is stored (the opener marks the ticket answered, staff waiting for the user). */
  onSent: () => Promise<void>;
}

function merge(current: TicketMessage[], incoming: TicketMessage[]): TicketMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

export function Conversation({ channelId, canWrite, closedNote, onSent }: ConversationProps) {
  const selfId = useSelfUserStore((state) => state.user?.id);
  const [messages, setMessages] = useState<TicketMessage[] | null>(null);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);

  const refresh = useCallback(async () => {
    const latest = await ticketMessages(channelId);
    setMessages((current) => {
      if (current === null) setHasOlder(latest.length === MESSAGE_PAGE);
      return merge(current ?? [], latest);
    });
  }, [channelId]);

  useEffect(() => {
    let active = true;
    setMessages(null);
    refresh().catch((failure: unknown) => active && setError(describeError(failure)));
    return () => {
      active = false;
    };
  }, [refresh]);

  useTicketMessages((event) => {
    if (event.channelId === channelId) setMessages((current) => (current ? merge(current, [event.message]) : current));
  });
  useTicketsReconnected(() => void refresh().catch(() => undefined));

  const count = messages?.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [count]);

  const loadOlder = async () => {
    const oldest = messages?.[0];
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const older = await ticketMessages(channelId, oldest.id);
      setHasOlder(older.length === MESSAGE_PAGE);
      setMessages((current) => merge(current ?? [], older));
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setLoadingOlder(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content || sending) return;
    setSending(true);
    setError(null);
    try {
      const message = await sendTicketMessage(channelId, content);
      setMessages((current) => merge(current ?? [], [message]));
      setDraft("");
      await onSent();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setSending(false);
    }
  };

  if (messages === null) return error ? <FormError message={error} /> : <PaneLoading label={t("ticket.loading")} />;

  return (
    <section className="ticket-conversation">
      {hasOlder && (
        <Button variant="ghost" loading={loadingOlder} onClick={() => void loadOlder()}>
          {t("ticket.olderMessages")}
        </Button>
      )}
      <ol className="ticket-messages" data-testid="ticket-messages">
        {messages.map((message) => {
          const author = message.createdBy;
          const staff = author && author.id !== selfId && ((author.badges ?? 0) & STAFF_BADGES) !== 0;
          return (
            <li key={message.id} className={`ticket-message${author?.id === selfId ? " ticket-message--mine" : ""}`}>
              {author && <Avatar user={author} size={32} />}
              <div className="ticket-message__body">
                <div className="ticket-message__meta">
                  <strong>{author?.id === selfId ? t("ticket.you") : author ? `${author.username}:${author.tag}` : ""}</strong>
                  {staff && <span className="badge badge--ok">{t("ticket.staff")}</span>}
                  <time className="muted" dateTime={new Date(message.createdAt).toISOString()}>
                    {formatDateTime(message.createdAt)}
                  </time>
                </div>
                <Markup content={message.content ?? ""} />
              </div>
            </li>
          );
        })}
      </ol>
      <div ref={end} />
      {canWrite ? (
        <form className="ticket-reply" onSubmit={(event) => void submit(event)}>
          <label className="field">
            <span className="field__label">{t("ticket.reply")}</span>
            <textarea
              className="field__input ticket-reply__input"
              maxLength={2000}
              rows={3}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey) void submit(event);
              }}
            />
          </label>
          <FormError message={error} />
          <div className="button-row button-row--end">
            <Button type="submit" variant="primary" loading={sending} disabled={!draft.trim()}>
              {sending ? t("ticket.sending") : t("ticket.send")}
            </Button>
          </div>
        </form>
      ) : (
        <p className="notice" data-testid="ticket-closed">{closedNote ?? t("ticket.closed")}</p>
      )}
    </section>
  );
}
