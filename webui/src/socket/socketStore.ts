/** Connection state of the realtime socket (spec §4 "Socket"). */
import { create } from "zustand";

export interface SocketState {
  connected: boolean;
  authenticated: boolean;
  authenticationError: string | null;
  /** 1-based place in the server's authentication queue, 0 once being processed. */
  authQueuePos: number | null;
  lastAuthenticatedAt: number | null;
}

const initialState: SocketState = {
  connected: false,
  authenticated: false,
  authenticationError: null,
  authQueuePos: null,
  lastAuthenticatedAt: null,
};

export const useSocketStore = create<SocketState>()(() => initialState);

const update = (partial: Partial<SocketState>) => useSocketStore.setState(partial);

/** Only marks the transport up: events from the server's connect handler may already have arrived. */
export const socketConnected = () => update({ connected: true });

export const socketAuthenticated = (at: number) =>
  update({ authenticated: true, authenticationError: null, authQueuePos: null, lastAuthenticatedAt: at });

export const authQueuePositionChanged = (pos: number) => update({ authQueuePos: pos });

export const authenticationFailed = (message: string) =>
  update({ authenticated: false, authenticationError: message, authQueuePos: null });

/** Clears the connection flags; an authentication error stays until the next explicit connect. */
export const socketDisconnected = () => update({ connected: false, authenticated: false, authQueuePos: null });

export const resetSocketState = () => useSocketStore.setState(initialState);
