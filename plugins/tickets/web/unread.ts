/**
 * Whether staff changed one of the user's tickets since they last read it: the client asks
 * `GET /tickets?seen=false&limit=1` at start, when one of the user's tickets changes
 * (`ticket:updated`, live.ts), after a reconnect, and — should the socket be down — every minute
 * and when the tab regains focus.
 */
import { useEffect } from "react";
import { create } from "zustand";
import { myTickets } from "./ticketsApi";

const POLL_MS = 60_000;

export const useUnreadTickets = create<{ count: number }>()(() => ({ count: 0 }));

export async function refreshUnreadTickets(): Promise<void> {
  try {
    const unread = await myTickets({ seen: false, limit: 1 });
    useUnreadTickets.setState({ count: unread.length });
  } catch {
    // offline or signed out: keep the last count
  }
}

let watchers = 0;
let timer: ReturnType<typeof setInterval> | null = null;

function watch(): () => void {
  watchers += 1;
  if (watchers === 1) {
    void refreshUnreadTickets();
    timer = setInterval(() => void refreshUnreadTickets(), POLL_MS);
    window.addEventListener("focus", refreshUnreadTickets);
  }
  return () => {
    watchers -= 1;
    if (watchers === 0) {
      if (timer) clearInterval(timer);
      timer = null;
      window.removeEventListener("focus", refreshUnreadTickets);
    }
  };
}

/** The Support entry's badge: 1 when a ticket has an unread update. */
export function useUnreadTicketCount(): number {
  useEffect(watch, []);
  return useUnreadTickets((state) => state.count);
}
