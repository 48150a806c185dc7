import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "./en-gb.json";
import { WebPushCard } from "./WebPushCard";

// jsdom has no service workers, PushManager or notifications: these stand in for the browser's.
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const subscriptionJson = { endpoint: "https://push.example/abc", keys: { p256dh: "BPk", auth: "au" } };

function fakeBrowser(permission: NotificationPermission) {
  let subscription: Record<string, unknown> | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    subscription = { endpoint: subscriptionJson.endpoint, options, toJSON: () => subscriptionJson, unsubscribe };
    return subscription;
  });
  const registration = { pushManager: { getSubscription: async () => subscription, subscribe } };
  const notification = { permission, requestPermission: vi.fn(async () => ((notification.permission = "granted"), "granted")) };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", function PushManager() {});
  vi.stubGlobal("isSecureContext", true);
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { register: vi.fn(async () => registration), ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { subscribe, unsubscribe, notification };
}

beforeEach(() => {
  registerTranslations("en-gb", "push", enGb);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("the Web Push card", () => {
  it("asks permission, subscribes with the server's key, then unsubscribes", async () => {
    const browser = fakeBrowser("default");
    render(<WebPushCard />);
    const toggle = await screen.findByRole("switch", { name: /Push notifications/ });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    fetchMock.mockResolvedValueOnce(json({ publicKey: "BAEC" })).mockResolvedValueOnce(json({ id: "1" }));
    fireEvent.click(toggle);
    expect(await screen.findByText("Push notifications are on for this browser.")).toBeTruthy();
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual([4, 1, 2]);
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/push/subscriptions");
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string)).toEqual(subscriptionJson);

    fetchMock.mockResolvedValueOnce(json({ status: true }));
    fireEvent.click(toggle);
    expect(await screen.findByText("Push notifications are off for this browser.")).toBeTruthy();
    expect(fetchMock.mock.calls[2]![1]!.method).toBe("DELETE");
    expect(JSON.parse(fetchMock.mock.calls[2]![1]!.body as string)).toEqual({ endpoint: subscriptionJson.endpoint });
    expect(browser.unsubscribe).toHaveBeenCalled();
  });

  it("says so when notifications are blocked", async () => {
    fakeBrowser("denied");
    render(<WebPushCard />);
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
  });

  it("turns the switch off where the browser cannot receive pushes", async () => {
    render(<WebPushCard />);
    expect(await screen.findByText(/This browser cannot receive push notifications/)).toBeTruthy();
    expect((screen.getByRole("switch") as HTMLInputElement).disabled).toBe(true);
  });
});
