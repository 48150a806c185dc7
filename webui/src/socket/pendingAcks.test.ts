import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPendingAcks } from "./pendingAcks";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("pending acknowledgements", () => {
  it("resolves with the server's reply", async () => {
    const acks = createPendingAcks();
    const reply = acks.track<string>((ack) => ack("done"), 1000);
    await expect(reply).resolves.toBe("done");
  });

  it("fails with 'operation has timed out' when no reply comes in time", async () => {
    const acks = createPendingAcks();
    const reply = acks.track(() => undefined, 1000);
    const assertion = expect(reply).rejects.toThrow("operation has timed out");
    vi.advanceTimersByTime(1000);
    await assertion;
  });

  it("fails every pending one with 'socket has been disconnected'", async () => {
    const acks = createPendingAcks();
    const first = acks.track(() => undefined, 1000);
    const second = acks.track(() => undefined, 1000);
    acks.failAll();
    await expect(first).rejects.toThrow("socket has been disconnected");
    await expect(second).rejects.toThrow("socket has been disconnected");
  });

  it("ignores a reply that comes after the timeout", async () => {
    const acks = createPendingAcks();
    let ack!: (reply: string) => void;
    const reply = acks.track<string>((send) => (ack = send), 1000);
    const assertion = expect(reply).rejects.toThrow("operation has timed out");
    vi.advanceTimersByTime(1000);
    ack("late");
    await assertion;
  });
});
