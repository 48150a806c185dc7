import { describe, expect, it } from "vitest";
import { authenticateOptions, bindSocketLifecycle, requestSocketFeature } from "./socketLifecycle";

describe("socket features (docs/protocol-extensions.md)", () => {
  it("sends no features key until a plugin asks for one", () => {
    expect(authenticateOptions()).toEqual({ partial: true, pagedMembers: true });
  });

  it("asks for every requested feature once, at each authentication", () => {
    requestSocketFeature("tickets");
    requestSocketFeature("tickets");
    requestSocketFeature("alpha");
    const emitted: unknown[][] = [];
    const listeners: Record<string, () => void> = {};
    bindSocketLifecycle(
      { on: (event: string, listener: () => void) => void (listeners[event] = listener), emit: (...args: unknown[]) => void emitted.push(args) },
      { getToken: () => "t", onDisconnect: () => undefined },
    );
    listeners.connect!();
    expect(emitted).toEqual([["user:authenticate", { token: "t", partial: true, pagedMembers: true, features: ["alpha", "tickets"] }]]);
  });
});
