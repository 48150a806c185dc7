import { describe, expect, it } from "vitest";
import { createEventGate } from "./earlyEvents";

describe("events that arrive before user:authenticated", () => {
  it("wait for the payload's handlers and are then replayed in order", () => {
    const gate = createEventGate();
    const seen: string[] = [];
    const request = gate.wrap("friend:request_pending", (p) => seen.push(`request ${p}`));
    const authenticated = gate.wrap("user:authenticated", () => seen.push("payload"));
    request("1");
    request("2");
    expect(seen).toEqual([]);
    authenticated({});
    gate.opened();
    request("3");
    expect(seen).toEqual(["payload", "request 1", "request 2", "request 3"]);
  });

  it("are dropped with the connection they came on", () => {
    const gate = createEventGate();
    const seen: unknown[] = [];
    const message = gate.wrap("message:created", (p) => seen.push(p));
    message("old");
    gate.closed();
    gate.opened();
    expect(seen).toEqual([]);
    gate.closed();
    message("before the next payload");
    expect(seen).toEqual([]);
  });

  it("never hold back the authentication events themselves", () => {
    const gate = createEventGate();
    const seen: unknown[] = [];
    gate.wrap("user:authenticate_error", (p) => seen.push(p))("Invalid token.");
    gate.wrap("user:auth_queue_position", (p) => seen.push(p))({ pos: 2 });
    expect(seen).toEqual(["Invalid token.", { pos: 2 }]);
  });
});
