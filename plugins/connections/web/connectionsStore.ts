/** The signed-in user's connections, kept current by `user:connection_added` / `_removed`
 * (another tab or device linking or unlinking shows here at once). */
import { create } from "zustand";
import type { Connection } from "./types";

interface ConnectionsState {
  connections: Connection[];
}

export const useConnections = create<ConnectionsState>()(() => ({ connections: [] }));

export function setConnections(connections: Connection[]): void {
  useConnections.setState({ connections });
}

export function connectionAdded({ connection }: { connection: Connection }): void {
  // one link per provider: a new one replaces the old
  useConnections.setState(({ connections }) => ({
    connections: [...connections.filter((c) => c.id !== connection.id && c.provider !== connection.provider), connection],
  }));
}

export function connectionRemoved({ connectionId }: { connectionId: string }): void {
  useConnections.setState(({ connections }) => ({ connections: connections.filter((c) => c.id !== connectionId) }));
}
