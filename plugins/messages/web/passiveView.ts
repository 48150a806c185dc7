/**
 * Passive delivery (docs/protocol-extensions.md, "Passive delivery"): this socket asks for
 * `passive`, so of the server channels that notify the user of mentions only (or are muted) the
 * server sends the message events of the one on screen only, and for the others
 * `hearth:activity` summaries (at most one a second per channel) with the newest message.
 * Channels that notify every message, DMs, groups, threads and mentions still come in full.
 *
 * The server is told which channel is open (`hearth:view`) when the pane changes and when the
 * tab is hidden or shown again; once it answers (`hearth:viewing`) every later event of the
 * channel comes in full. The answer says whether some of its events were withheld since the
 * socket last had it open (`missed`: only then is what was sent loaded) and whether it is
 * summarised once left (`summarised`). A channel delivered in full keeps its messages when left,
 * so opening it again paints at once and asks nothing; a summarised one is dropped (it hears
 * nothing more) and loads afresh, as is one that becomes summarised (`hearth:summarised`, when
 * the notification settings change here or on another device).
 */
import { emitSocketEvent } from "@hearth/socket/socketClient";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { notifyNewMessage } from "./messageNotifications";
import { dropChannel, isChannelLoaded, loadMissed, loadsSettled, reloadChannel } from "./store/messageStore";
import { readStateActivity } from "./store/readState";
import type { MessageCreatedPayload } from "./types";

export const PASSIVE_FEATURE = "passive";

interface ViewingPayload {
  channelId: string | null;
  /** Its events are withheld once it is not open (a summary comes instead). */
  summarised?: boolean;
  /** Some of its events were withheld since the socket last had it open. */
  missed?: boolean;
}

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
/** Channels the server summarises while they are not open (its answers; it is the judge). */
const summarisedAway = new Set<string>();
/** Channels whose messages were cached when the server was told they are open. */
const cachedWhenOpened = new Set<string>();
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
  if (previous && previous !== onScreen && summarisedAway.has(previous)) dropChannel(previous);
  if (next && isChannelLoaded(next)) cachedWhenOpened.add(next);
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
    summarisedAway.clear(); // a new socket hears everything in full until its first view
    cachedWhenOpened.clear();
    viewChannel(onScreen);
  },
  "hearth:viewing": ({ channelId, summarised, missed }: ViewingPayload) => {
    if (!channelId) return;
    if (summarised) summarisedAway.add(channelId);
    else summarisedAway.delete(channelId);
    const hadCache = cachedWhenOpened.delete(channelId);
    if (channelId !== told) {
      // left again before the answer came: forget what may be (or become) stale
      if ((missed || summarised) && channelId !== onScreen) dropChannel(channelId);
      return;
    }
    if (!missed) return; // every event of it since it was loaded came in full
    // a copy from before may lack edits and deletions too: reload where its reader is
    if (hadCache) void loadsSettled(channelId).then(() => reloadChannel(channelId));
    else void loadMissed(channelId);
  },
  "hearth:summarised": ({ added, removed }: { added: string[]; removed: string[] }) => {
    for (const channelId of removed) summarisedAway.delete(channelId);
    for (const channelId of added) {
      summarisedAway.add(channelId);
      if (channelId !== told && channelId !== onScreen) dropChannel(channelId);
    }
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
