/**
 * Live tickets: Hearth's `ticket:updated {ticket}` and `ticket:message {ticketId, channelId,
 * message}`, which the server sends only to sockets that ask for the "tickets" feature at
 * authenticate (plugins/tickets/README.md). Screens subscribe here; after a reconnect they load
 * again, since events may have been missed meanwhile.
 */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useEffect, useRef } from "react";
import type { Ticket, TicketMessage } from "./types";
import { refreshUnreadTickets } from "./unread";

export interface TicketMessageEvent {
  ticketId: number;
  channelId: string;
  message: TicketMessage;
}

type Listener<T> = (payload: T) => void;

const updateListeners = new Set<Listener<Ticket>>();
const messageListeners = new Set<Listener<TicketMessageEvent>>();
const reconnectListeners = new Set<() => void>();
let authenticatedBefore = false;

function subscribe<T>(listeners: Set<Listener<T>>, listener: Listener<T>): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Calls the latest `listener` for each event while the component is mounted. */
function useSubscription<T>(listeners: Set<Listener<T>>, listener: Listener<T>): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe(listeners, (payload: T) => latest.current(payload)), [listeners]);
}

export const useTicketUpdates = (listener: Listener<Ticket>) => useSubscription(updateListeners, listener);
export const useTicketMessages = (listener: Listener<TicketMessageEvent>) => useSubscription(messageListeners, listener);
export const useTicketsReconnected = (listener: () => void) => useSubscription(reconnectListeners, listener);

/**
 * A list (filtered on `status`, or all) after a ticket update: the ticket replaced and the list
 * sorted as the server sorts it, or left out when it no longer matches the filter. "reload" when
 * the ticket is not listed but belongs there: only the server knows where (and whether a muted
 * ticket is shown), so the list is asked for again.
 */
export function applyTicketUpdate(list: readonly Ticket[], ticket: Ticket, status: number | undefined): Ticket[] | "reload" {
  const matches = status === undefined || ticket.status === status;
  if (!list.some((known) => known.id === ticket.id)) return matches ? "reload" : (list as Ticket[]);
  if (!matches) return list.filter((known) => known.id !== ticket.id);
  const merged = list.map((known) => (known.id === ticket.id ? { ...known, ...ticket } : known));
  return merged.sort((a, b) => b.lastUpdatedAt - a.lastUpdatedAt || b.id - a.id);
}

/**
 * Keeps a shown list (filtered on `status`) live: each update applied with `applyTicketUpdate`,
 * and `reload()` when only the server can place a ticket or after a reconnect.
 */
export function useLiveTicketList(
  tickets: readonly Ticket[] | null,
  setTickets: (tickets: Ticket[]) => void,
  status: number | undefined,
  reload: () => void,
): void {
  useTicketUpdates((ticket) => {
    if (!tickets) return;
    const next = applyTicketUpdate(tickets, ticket, status);
    if (next === "reload") reload();
    else setTickets(next);
  });
  useTicketsReconnected(reload);
}

export function ticketUpdated({ ticket }: { ticket: Ticket }): void {
  for (const listener of [...updateListeners]) listener(ticket);
  // the Support badge counts the user's own tickets that staff changed
  if (ticket.openedById === useSelfUserStore.getState().user?.id) void refreshUnreadTickets();
}

export function ticketMessage(event: TicketMessageEvent): void {
  for (const listener of [...messageListeners]) listener(event);
}

export function ticketsAuthenticated(): void {
  if (authenticatedBefore) {
    for (const listener of [...reconnectListeners]) listener();
    void refreshUnreadTickets();
  }
  authenticatedBefore = true;
}
