import { beforeEach, describe, expect, it, vi } from "vitest";
import { bindSocketLifecycle } from "./socketLifecycle";
import { resetSocketState, useSocketStore } from "./socketStore";

type Listener = (...args: never[]) => void;

/** Stands in for a socket.io client socket: records emits, lets the test play server events. */
function createFakeSocket() {
  const listeners = new Map<string, Listener[]>();
  const emitted: Array<[string, ...unknown[]]> = [];
  return {
    emitted,
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    emit(event: string, ...args: unknown[]) {
      emitted.push([event, ...args]);
    },
    receive(event: string, payload?: unknown) {
      for (const listener of listeners.get(event) ?? []) (listener as (payload?: unknown) => void)(payload);
    },
  };
}

const AUTHENTICATED_AT = 1_700_000_000_000;

function setUp() {
  const socket = createFakeSocket();
  const onDisconnect = vi.fn();
  bindSocketLifecycle(socket, { getToken: () => "token-1", onDisconnect, now: () => AUTHENTICATED_AT });
  return { socket, onDisconnect };
}

const state = () => useSocketStore.getState();

beforeEach(resetSocketState);

describe("socket lifecycle", () => {
  it("authenticates with the stored token on connect", () => {
    const { socket } = setUp();
    socket.receive("connect");

    expect(state()).toMatchObject({ connected: true, authenticated: false });
    expect(socket.emitted).toEqual([["user:authenticate", { token: "token-1", partial: true, pagedMembers: true }]]);
  });

  it("goes connect → authenticate → authenticated", () => {
    const { socket } = setUp();
    socket.receive("connect");
    socket.receive("user:auth_queue_position", { pos: 3 });
    expect(state().authQueuePos).toBe(3);

    socket.receive("user:authenticated", { user: { id: "1" } });

    expect(state()).toEqual({
      connected: true,
      authenticated: true,
      authenticationError: null,
      authenticationErrorData: null,
      authQueuePos: null,
      lastAuthenticatedAt: AUTHENTICATED_AT,
    });
  });

  it("keeps events that arrive before its own connect event", () => {
    const { socket } = setUp();
    socket.receive("user:auth_queue_position", { pos: 2 });
    socket.receive("connect");
    expect(state()).toMatchObject({ connected: true, authQueuePos: 2 });

    socket.receive("user:authenticated", {});
    socket.receive("connect");
    expect(state().authenticated).toBe(true);
  });

  it("stores an authentication error and does not try again", () => {
    const { socket } = setUp();
    socket.receive("connect");
    socket.receive("user:authenticate_error", { message: "Invalid token." });

    expect(state()).toMatchObject({ authenticated: false, authenticationError: "Invalid token." });
    expect(socket.emitted.filter(([event]) => event === "user:authenticate")).toHaveLength(1);
  });

  it("keeps what a suspension says: reason, end and who (realtime.md §3.3)", () => {
    const { socket } = setUp();
    socket.receive("connect");
    const data = { type: "suspend", reason: "spam", expire: null, by: { username: "mod" } };
    socket.receive("user:authenticate_error", { message: "You are suspended.", data });

    expect(state()).toMatchObject({ authenticationError: "You are suspended.", authenticationErrorData: data });
    socket.receive("user:authenticated", {});
    expect(state()).toMatchObject({ authenticationError: null, authenticationErrorData: null });
  });

  it("clears the connection flags on disconnect and fails pending acknowledgements", () => {
    const { socket, onDisconnect } = setUp();
    socket.receive("connect");
    socket.receive("user:authenticated", {});
    socket.receive("user:auth_queue_position", { pos: 1 });

    socket.receive("disconnect", "transport close");

    expect(state()).toMatchObject({ connected: false, authenticated: false, authQueuePos: null });
    expect(state().lastAuthenticatedAt).toBe(AUTHENTICATED_AT);
    expect(onDisconnect).toHaveBeenCalledOnce();
  });

  it("keeps the authentication error after the server disconnects", () => {
    const { socket } = setUp();
    socket.receive("connect");
    socket.receive("user:authenticate_error", { message: "Session Destroyed." });
    socket.receive("disconnect", "io server disconnect");

    expect(state()).toMatchObject({ connected: false, authenticationError: "Session Destroyed." });
  });

  it("re-authenticates after a reconnect", () => {
    const { socket } = setUp();
    socket.receive("connect");
    socket.receive("user:authenticated", {});
    socket.receive("disconnect", "transport close");
    socket.receive("connect");

    expect(state()).toMatchObject({ connected: true, authenticated: false });
    expect(socket.emitted).toEqual([
      ["user:authenticate", { token: "token-1", partial: true, pagedMembers: true }],
      ["user:authenticate", { token: "token-1", partial: true, pagedMembers: true }],
    ]);
  });
});
