/**
 * Events that reach a connection before its `user:authenticated` wait for it. The server joins
 * the socket's rooms before it builds the payload, so an event can overtake the payload it is
 * newer than (a friend request sent while the payload was being built); handled first, the
 * payload would then overwrite it. Held back and replayed after the payload's handlers, every
 * event lands on top of the state it follows.
 */
type Listener = (payload: unknown) => void;

const UNGATED = new Set(["user:authenticated", "user:authenticate_error", "user:auth_queue_position"]);

export function createEventGate() {
  let open = false;
  let held: Array<[Listener, unknown]> = [];
  return {
    wrap(event: string, listener: Listener): Listener {
      if (UNGATED.has(event)) return listener;
      return (payload) => {
        if (open) listener(payload);
        else held.push([listener, payload]);
      };
    },
    /** The payload's handlers have run: replay what came early, in order, then let events through. */
    opened() {
      open = true;
      const early = held;
      held = [];
      for (const [listener, payload] of early) listener(payload);
    },
    /** A new connection (or none): nothing is authenticated, and what was held belongs to the old one. */
    closed() {
      open = false;
      held = [];
    },
  };
}
