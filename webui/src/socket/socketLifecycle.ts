/** Wires a socket's connection events to the socket store (spec §4 "Socket", realtime.md §3). */
import {
  authenticationFailed,
  authQueuePositionChanged,
  socketAuthenticated,
  socketConnected,
  socketDisconnected,
  type AuthenticationErrorData,
} from "./socketStore";

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
    socket.emit("user:authenticate", { token: getToken() });
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
