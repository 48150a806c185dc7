/** The ticket routes (rest.md §9 and §8.4) and the ticket channel's messages (§3). */
import { request } from "@hearth/api/request";
import type { Ticket, TicketMessage } from "./types";

export const PAGE_SIZE = 30;
export const MESSAGE_PAGE = 50;
const id = (value: string | number) => encodeURIComponent(String(value));

export const myTickets = (query: { status?: number; seen?: boolean; limit?: number } = {}): Promise<Ticket[]> =>
  request({ path: "/tickets", query: { status: query.status, seen: query.seen, limit: query.limit } });

export const myTicket = (ticketId: string | number): Promise<Ticket> => request({ path: `/tickets/${id(ticketId)}` });

export const openTicket = (body: { title: string; body: string; category: number }): Promise<Ticket> =>
  request({ method: "POST", path: "/tickets", body });

/** After the opener replies: back to "waiting for a moderator". */
export const markAnswered = (ticketId: number): Promise<Ticket> =>
  request({ method: "POST", path: `/tickets/${id(ticketId)}`, body: { status: 0 } });

export const allTickets = (query: { status?: number; includeIgnored?: boolean; after?: number }): Promise<Ticket[]> =>
  request({
    path: "/moderation/tickets",
    query: { status: query.status, includeIgnored: query.includeIgnored || undefined, after: query.after, limit: PAGE_SIZE },
  });

export const staffTicket = (ticketId: string | number): Promise<Ticket | null> =>
  request({ path: `/moderation/tickets/${id(ticketId)}` });

export const setTicketStatus = (ticketId: number, status: number): Promise<Ticket> =>
  request({ method: "POST", path: `/moderation/tickets/${id(ticketId)}`, body: { status } });

export const muteTicket = (ticketId: number): Promise<unknown> =>
  request({ method: "POST", path: `/moderation/tickets/${id(ticketId)}/mute` });

export const ticketMessages = (channelId: string, before?: string): Promise<TicketMessage[]> =>
  request({ path: `/channels/${id(channelId)}/messages`, query: { limit: MESSAGE_PAGE, before } });

export const sendTicketMessage = (channelId: string, content: string): Promise<TicketMessage> =>
  request({ method: "POST", path: `/channels/${id(channelId)}/messages`, body: { content } });
