/** Connection state of the realtime socket (spec §4 "Socket"). */
import { create } from "zustand";

/** What the server says with some refusals: a suspension or an IP ban (realtime.md §3.3). */
export interface AuthenticationErrorData {
  type?: "suspend" | "ip-ban" | string;
  reason?: string | null;
  /** Epoch ms; null: permanent. */
  expire?: number | null;
  by?: { username: string } | null;
}

export interface SocketState {
  connected: boolean;
  authenticated: boolean;
  authenticationError: string | null;
  authenticationErrorData: AuthenticationErrorData | null;
  /** 1-based place in the server's authentication queue, 0 once being processed. */
  authQueuePos: number | null;
  lastAuthenticatedAt: number | null;
}

const initialState: SocketState = {
  connected: false,
  authenticated: false,
  authenticationError: null,
  authenticationErrorData: null,
  authQueuePos: null,
  lastAuthenticatedAt: null,
};

export const useSocketStore = create<SocketState>()(() => initialState);

const update = (partial: Partial<SocketState>) => useSocketStore.setState(partial);

/** Only marks the transport up: events from the server's connect handler may already have arrived. */
export const socketConnected = () => update({ connected: true });

export const socketAuthenticated = (at: number) =>
  update({ authenticated: true, authenticationError: null, authenticationErrorData: null, authQueuePos: null, lastAuthenticatedAt: at });

export const authQueuePositionChanged = (pos: number) => update({ authQueuePos: pos });

export const authenticationFailed = (message: string, data: AuthenticationErrorData | null = null) =>
  update({ authenticated: false, authenticationError: message, authenticationErrorData: data, authQueuePos: null });

/** Clears the connection flags; an authentication error stays until the next explicit connect. */
export const socketDisconnected = () => update({ connected: false, authenticated: false, authQueuePos: null });

export const resetSocketState = () => useSocketStore.setState(initialState);
