/**
 * Passive delivery (docs/protocol-extensions.md, "Passive delivery"): this socket asks for
 * `passive`, so of the server channels that notify the user of mentions only (or are muted) the
 * server sends the message events of the one on screen only, and for the others
 * `hearth:activity` summaries (at most one a second per channel) with the newest message.
 * Channels that notify every message, DMs, groups, threads and mentions still come in full.
 *
 * The server is told which channel is open (`hearth:view`) when the pane changes and when the
 * tab is hidden or shown again; once it answers (`hearth:viewing`) every later event of the
 * channel comes in full, and what was sent before is loaded (`loadMissed`). A channel left is
 * dropped from the cache (it hears nothing more) and loads afresh when opened again.
 */
import { emitSocketEvent } from "@hearth/socket/socketClient";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { notifyNewMessage } from "./messageNotifications";
import { dropChannel, isChannelLoaded, loadMissed, reloadChannel } from "./store/messageStore";
import { readStateActivity } from "./store/readState";
import type { MessageCreatedPayload } from "./types";

export const PASSIVE_FEATURE = "passive";

export interface ActivityPayload extends Required<Pick<MessageCreatedPayload, "message" | "serverId">> {
  channelId: string;
  member?: unknown;
  count: number;
  /** The newest message by someone else than `message`'s author, when the summary holds one. */
  other?: { message: MessageCreatedPayload["message"]; member?: unknown };
}

let onScreen: string | null = null;
let told: string | null | undefined; // what the server was last told (undefined: nothing yet)
let syncQueued = false;
/** Channels loaded while the server was told they were not open: their cache may be stale. */
const stale = new Set<string>();
/** Messages that came in full lately, so a summary naming one does not notify twice. */
const heardInFull = new Set<string>();
const HEARD_KEPT = 500;

function wanted(): string | null {
  return typeof document !== "undefined" && document.visibilityState === "hidden" ? null : onScreen;
}

function sync(): void {
  syncQueued = false;
  const next = wanted();
  if (next === told) return;
  const previous = told;
  told = next;
  if (previous) {
    if (previous === onScreen) stale.add(previous); // hidden: its pane stays, reloaded once shown
    else dropChannel(previous);
  }
  emitSocketEvent("hearth:view", { channelId: next });
}

/** The pane on screen changed (null: none); a switch sends one event (the old pane's null is folded into the new one's id). */
export function viewChannel(channelId: string | null): void {
  onScreen = channelId;
  if (syncQueued) return;
  syncQueued = true;
  queueMicrotask(sync);
}

if (typeof document !== "undefined") document.addEventListener("visibilitychange", () => viewChannel(onScreen));

export const passiveSocketHandlers = {
  /** A new socket starts with no channel open: tell it the one on screen. */
  "user:authenticated": () => {
    told = undefined;
    viewChannel(onScreen);
  },
  "hearth:viewing": ({ channelId }: { channelId: string | null }) => {
    if (!channelId || !isChannelLoaded(channelId)) return void (channelId && loadMissed(channelId));
    if (stale.delete(channelId)) void reloadChannel(channelId);
    else void loadMissed(channelId);
  },
  "hearth:activity": (summary: ActivityPayload) => {
    readStateActivity(summary.message);
    if (summary.channelId === told) return; // sent before the server heard of the view; loadMissed covers it
    // one notification for the summary: its newest message, or the newest by someone else when that is one's own
    const selfId = useSelfUserStore.getState().user?.id;
    const pick = [summary, summary.other].find((candidate) => candidate && candidate.message.createdBy.id !== selfId);
    if (pick && !heardInFull.has(pick.message.id)) {
      notifyNewMessage({ message: pick.message, serverId: summary.serverId, member: pick.member });
    }
  },
};

/** A message that came as `message:created` (it needs no notification from a summary). */
export function heardMessage(messageId: string): void {
  heardInFull.add(messageId);
  if (heardInFull.size > HEARD_KEPT) heardInFull.delete(heardInFull.values().next().value as string);
}
