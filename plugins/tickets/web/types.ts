/** Tickets on the wire (entities.md §9.1, §10.11). */

export const TICKET_STATUSES = [0, 1, 2, 3] as const;
export const TICKET_CATEGORIES = [0, 1, 2, 3, 4] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const isClosed = (status: number) => status === 2 || status === 3;

export interface TicketUser {
  id: string;
  username: string;
  tag: string;
  avatar?: string | null;
  hexColor?: string | null;
  badges?: number;
}

export interface Ticket {
  id: number;
  status: TicketStatus;
  category: TicketCategory;
  title: string;
  openedAt: number;
  channelId: string;
  lastUpdatedAt: number;
  seen?: boolean | null;
  openedBy?: TicketUser;
  /** In `ticket:updated` events. */
  openedById?: string;
  ignoredByUsers?: { userId: string }[];
}

export interface TicketMessage {
  id: string;
  content: string | null;
  createdAt: number;
  type: number;
  createdBy: TicketUser | null;
}
