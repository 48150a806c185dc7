import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shellSlots } from "../../plugins/extensions";
import { clearSlots, fillSlots } from "../../plugins/slots";
import { clearToasts, useToastStore } from "../../notifications/toastStore";
import { getLocalSetting } from "../localSettings";
import NotificationsSection from "./NotificationsSection";

const played: Array<{ src: string; volume: number }> = [];

function fakeNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const api = { permission, requestPermission: vi.fn(async () => ((api.permission = answer), answer)) };
  vi.stubGlobal("Notification", api);
  return api;
}

beforeEach(() => {
  localStorage.clear();
  played.length = 0;
  vi.stubGlobal(
    "Audio",
    class {
      volume = 1;
      constructor(public src: string) {}
      play() {
        played.push({ src: this.src, volume: this.volume });
        return Promise.resolve();
      }
    },
  );
  URL.createObjectURL = vi.fn(() => "blob:sound");
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearToasts();
  clearSlots();
});

describe("desktop notifications", () => {
  it("asks the browser when turned on and says it is allowed", async () => {
    const api = fakeNotification("default", "granted");
    render(<NotificationsSection />);
    expect(screen.getByTestId("desktop-permission").textContent).toMatch(/will ask/);
    await act(async () => fireEvent.click(screen.getByRole("switch", { name: "Show desktop notifications" })));
    expect(api.requestPermission).toHaveBeenCalled();
    expect(getLocalSetting("desktopNotifications")).toBe(true);
    expect(screen.getByTestId("desktop-permission").textContent).toMatch(/allows Hearth/);
    expect((screen.getByRole("switch", { name: "Show desktop notifications" }) as HTMLInputElement).checked).toBe(true);
  });

  it("stays off and explains what to do when the user refuses", async () => {
    fakeNotification("default", "denied");
    render(<NotificationsSection />);
    await act(async () => fireEvent.click(screen.getByRole("switch", { name: "Show desktop notifications" })));
    expect(getLocalSetting("desktopNotifications")).toBe(false);
    expect(screen.getByTestId("desktop-permission").textContent).toMatch(/blocked for this site.*site settings/);
    expect((screen.getByRole("switch", { name: "Show desktop notifications" }) as HTMLInputElement).disabled).toBe(true);
  });

  it("says so where the browser has no notifications", () => {
    render(<NotificationsSection />);
    expect(screen.getByTestId("desktop-permission").textContent).toBe("This browser cannot show desktop notifications.");
  });
});

describe("sounds", () => {
  it("keeps the volume (default 10) and each kind's sound, and previews at that volume even when muted", () => {
    render(<NotificationsSection />);
    expect(screen.getByTestId("volume-value").textContent).toBe("10 / 10");
    fireEvent.change(screen.getByRole("slider", { name: "Volume" }), { target: { value: "3" } });
    expect(getLocalSetting("notificationVolume")).toBe(3);
    expect(screen.getByTestId("volume-value").textContent).toBe("3 / 10");

    expect((screen.getByRole("combobox", { name: "Reminder sound" }) as HTMLSelectElement).value).toBe("level-up");
    fireEvent.change(screen.getByRole("combobox", { name: "Mention sound" }), { target: { value: "music-box" } });
    expect(getLocalSetting("notificationSounds")).toEqual({ message: "default", mention: "music-box", reminder: "level-up" });

    fireEvent.click(screen.getByRole("switch", { name: /Mute notification sounds/ }));
    expect(getLocalSetting("notificationsMuted")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Play: Mention sound" }));
    expect(played).toEqual([{ src: "blob:sound", volume: 0.3 }]);
  });

  it("a silent choice has nothing to preview", () => {
    render(<NotificationsSection />);
    fireEvent.change(screen.getByRole("combobox", { name: "Message sound" }), { target: { value: "none" } });
    expect((screen.getByRole("button", { name: "Play: Message sound" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("the page", () => {
  it("shows an example pop-up and the cards plugins add", () => {
    fillSlots([shellSlots.notificationSettingsCards.fill(() => <p>Push card</p>)]);
    fillSlots([shellSlots.notificationSettingsCards.fill(() => <p>Servers card</p>)]);
    render(<NotificationsSection />);
    expect(screen.getByText("Push card")).toBeTruthy();
    expect(screen.getByText("Servers card")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show an example" }));
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });
});
