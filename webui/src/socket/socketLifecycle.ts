/** Wires a socket's connection events to the socket store (spec §4 "Socket", realtime.md §3). */
import { requestedFeatures, requestFeature } from "../api/features";
import {
  authenticationFailed,
  authQueuePositionChanged,
  socketAuthenticated,
  socketConnected,
  socketDisconnected,
  type AuthenticationErrorData,
} from "./socketStore";

/**
 * Partial mode (realtime.md §3.1) with Hearth's own `pagedMembers`: the payload carries only our
 * own member rows, and member lists are loaded a page at a time when a server is opened.
 */
export const AUTHENTICATE_OPTIONS = { partial: true, pagedMembers: true } as const;

/** Asks for a feature's events from the next authentication on (plugins register before the socket connects), and names it in every API request. */
export function requestSocketFeature(name: string): void {
  requestFeature(name);
}

export function authenticateOptions(): Record<string, unknown> {
  const features = requestedFeatures();
  return features.length ? { ...AUTHENTICATE_OPTIONS, features } : { ...AUTHENTICATE_OPTIONS };
}

/** The part of a socket.io client socket the shell relies on. */
export interface SocketLike {
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
}

export interface LifecycleOptions {
  getToken: () => string | null;
  onDisconnect: () => void;
  now?: () => number;
}

export function bindSocketLifecycle(socket: SocketLike, { getToken, onDisconnect, now = Date.now }: LifecycleOptions) {
  socket.on("connect", () => {
    socketConnected();
    socket.emit("user:authenticate", { token: getToken(), ...authenticateOptions() });
  });
  socket.on("user:auth_queue_position", (payload: { pos: number }) => authQueuePositionChanged(payload.pos));
  socket.on("user:authenticated", () => socketAuthenticated(now()));
  socket.on("user:authenticate_error", (payload: { message: string; data?: AuthenticationErrorData }) =>
    authenticationFailed(payload.message, payload.data ?? null),
  );
  socket.on("disconnect", () => {
    socketDisconnected();
    onDisconnect();
  });
}
