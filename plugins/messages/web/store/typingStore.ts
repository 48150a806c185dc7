/** Who is typing where (`channel:typing`, realtime.md §5.5), and our own throttled typing signal. */
import { create } from "zustand";
import { sendTyping } from "../api";

/** A typing signal counts for this long unless renewed. */
export const TYPING_TIMEOUT_MS = 6_000;
/** We tell the server at most this often while the user keeps typing. */
export const TYPING_SEND_INTERVAL_MS = 4_000;

interface TypingState {
  /** channelId → userId → when the signal expires. */
  typing: Record<string, Record<string, number>>;
}

export const useTypingStore = create<TypingState>()(() => ({ typing: {} }));

const timers = new Map<string, ReturnType<typeof setTimeout>>();

function setTyping(channelId: string, userId: string, until: number | null): void {
  useTypingStore.setState(({ typing }) => {
    const channel = { ...typing[channelId] };
    if (until === null) delete channel[userId];
    else channel[userId] = until;
    return { typing: { ...typing, [channelId]: channel } };
  });
}

export function userTyping({ channelId, userId }: { channelId: string; userId: string }, now = Date.now()): void {
  const key = `${channelId}:${userId}`;
  clearTimeout(timers.get(key));
  setTyping(channelId, userId, now + TYPING_TIMEOUT_MS);
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      setTyping(channelId, userId, null);
    }, TYPING_TIMEOUT_MS),
  );
}

/** A message from the user ends their typing. */
export function userStoppedTyping(channelId: string, userId: string): void {
  const key = `${channelId}:${userId}`;
  clearTimeout(timers.get(key));
  timers.delete(key);
  if (useTypingStore.getState().typing[channelId]?.[userId] !== undefined) setTyping(channelId, userId, null);
}

const NO_ONE: string[] = [];

export function useTypingUserIds(channelId: string): string[] {
  const channel = useTypingStore((state) => state.typing[channelId]);
  return channel ? Object.keys(channel) : NO_ONE;
}

const lastSent = new Map<string, number>();

/** Called on each keystroke; sends `POST /channels/:id/typing` at most every 4 s. */
export function notifyTyping(channelId: string, now = Date.now()): void {
  const last = lastSent.get(channelId) ?? 0;
  if (now - last < TYPING_SEND_INTERVAL_MS) return;
  lastSent.set(channelId, now);
  sendTyping(channelId).catch(() => undefined);
}

/** After sending, the next keystroke may signal again straight away. */
export function resetTypingThrottle(channelId: string): void {
  lastSent.delete(channelId);
}

export function resetTyping(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  lastSent.clear();
  useTypingStore.setState({ typing: {} });
}
