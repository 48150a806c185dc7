import { describe, expect, it, vi } from "vitest";
import { request } from "../api/request";
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

  it("names the same features in every API request", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    requestSocketFeature("group_dms");
    await request({ path: "/group-dms" });
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers["X-Hearth-Features"]).toBe("alpha,group_dms,tickets");
    vi.unstubAllGlobals();
  });
});
