/**
 * The Moderation entry's badge for admins: tickets waiting for a moderator, asked every 10
 * minutes (spec §9: "Moderation ticket badge refreshes every 600 s") when the tickets plugin is on,
 * and again soon after each `ticket:updated` (the tickets plugin's live event: a ticket opened,
 * answered or closed) and after a reconnect.
 */
import { usePluginStore } from "@hearth/plugins/pluginStore";
import { useEffect } from "react";
import { create } from "zustand";
import { useStaffLevel } from "./access";
import { waitingTickets } from "./startupApi";

const POLL_MS = 600_000;
const SOON_MS = 300; // a burst of ticket events costs one request
const useWaiting = create<{ count: number }>()(() => ({ count: 0 }));
let timer: ReturnType<typeof setInterval> | null = null;
let watchers = 0;
let soon: ReturnType<typeof setTimeout> | null = null;

async function refresh(): Promise<void> {
  try {
    useWaiting.setState({ count: (await waitingTickets()).length });
  } catch {
    // keep the last count
  }
}

/** Asks again shortly, when someone shows the badge (an admin, with tickets on). */
export function refreshWaitingTicketsSoon(): void {
  if (watchers === 0 || soon) return;
  soon = setTimeout(() => {
    soon = null;
    void refresh();
  }, SOON_MS);
}

export function useWaitingTicketCount(): number {
  const admin = useStaffLevel() === "admin";
  const tickets = usePluginStore((state) => state.loadedIds.includes("tickets"));
  const enabled = admin && tickets;
  useEffect(() => {
    if (!enabled) return;
    watchers += 1;
    if (watchers === 1) {
      void refresh();
      timer = setInterval(() => void refresh(), POLL_MS);
    }
    return () => {
      watchers -= 1;
      if (watchers === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    };
  }, [enabled]);
  return useWaiting((state) => (enabled ? state.count : 0));
}
