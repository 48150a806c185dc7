/**
 * The one Socket.IO connection of the app (same origin, websocket only). Kernel and
 * plugin handlers are registered with `onSocketEvent` and survive reconnects.
 */
import { io, type Socket } from "socket.io-client";
import { getToken } from "../session/token";
import { createEventGate } from "./earlyEvents";
import { createPendingAcks } from "./pendingAcks";
import { bindSocketLifecycle } from "./socketLifecycle";
import { resetSocketState } from "./socketStore";

/** A handler typed for its own payload; the socket passes whatever the server sent. */
export type SocketHandler = (payload: never) => void;

type Listener = (payload: unknown) => void;

const ACK_TIMEOUT_MS = 10_000;
const handlers: Array<[event: string, listener: Listener]> = [];
const pendingAcks = createPendingAcks();
const gate = createEventGate();
let socket: Socket | null = null;

function getSocket(): Socket {
  if (socket) return socket;
  socket = io({
    transports: ["websocket"],
    autoConnect: false,
    // Full jitter: the n-th retry waits anywhere from 0 to twice 2^n s (at most 10 s). When a
    // worker restarts, every tab it held reconnects at once; spread like this they reach the
    // next worker over seconds instead of in one burst (issue 41 item 3).
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
    randomizationFactor: 1,
    timeout: 20_000,
  });
  socket.on("connect", gate.closed);
  socket.on("disconnect", gate.closed);
  bindSocketLifecycle(socket, { getToken, onDisconnect: pendingAcks.failAll });
  // after every user:authenticated handler, including plugins' registered later
  socket.on("user:authenticated", () => queueMicrotask(gate.opened));
  for (const [event, listener] of handlers) socket.on(event, listener);
  return socket;
}

export function onSocketEvent(event: string, handler: SocketHandler): void {
  const listener = gate.wrap(event, handler as Listener);
  handlers.push([event, listener]);
  socket?.on(event, listener);
}

/** Starts (or restarts after an authentication error) the connection with the stored token. */
export function connectSocket(): void {
  const current = getSocket();
  if (current.active) return;
  resetSocketState();
  current.connect();
}

export function disconnectSocket(): void {
  socket?.disconnect();
  resetSocketState();
}

/** Reconnects so the server sees the token stored now (after a password change, for instance). */
export function reconnectSocket(): void {
  if (!socket) return;
  disconnectSocket();
  connectSocket();
}

/** The id the server knows this connection by (sent as `socketId` to dedupe our own events), or null. */
export function getSocketId(): string | null {
  return socket?.connected ? (socket.id ?? null) : null;
}

/** Sends an event the server does not acknowledge (realtime.md §4); dropped while disconnected. */
export function emitSocketEvent(event: string, payload: unknown): void {
  if (socket?.connected) socket.emit(event, payload);
}

export function emitWithAck<T>(event: string, payload: unknown, timeoutMs = ACK_TIMEOUT_MS): Promise<T> {
  return pendingAcks.track<T>((ack) => getSocket().emit(event, payload, ack), timeoutMs);
}
