// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLocalSetting } from "../settings/localSettings";
import { notifyMessage, setNotificationOpener, type MessageNotice } from "./notify";
import { clearToasts, useToastStore } from "./toastStore";

// jsdom has neither notifications nor audio playback: these record what the browser would be asked.
const shown: Array<{ title: string; options: NotificationOptions; instance: { onclick: (() => void) | null; close: () => void } }> = [];
const played: Array<{ src: string; volume: number }> = [];

class FakeNotification {
  static permission: NotificationPermission = "granted";
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(title: string, options: NotificationOptions) {
    shown.push({ title, options, instance: this });
  }
}

class FakeAudio {
  volume = 1;
  constructor(public src: string) {}
  play() {
    played.push({ src: this.src, volume: this.volume });
    return Promise.resolve();
  }
}

let visibility: DocumentVisibilityState = "hidden";

beforeEach(() => {
  localStorage.clear();
  shown.length = 0;
  played.length = 0;
  visibility = "hidden";
  FakeNotification.permission = "granted";
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("Audio", FakeAudio);
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:sound-${blob.size}`);
  setLocalSetting("desktopNotifications", true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

const notice = (overrides: Partial<MessageNotice> = {}): MessageNotice => ({
  selfId: "me",
  authorId: "bob",
  direct: false,
  mentionsMe: true,
  silent: false,
  pingMode: 0,
  soundMode: 0,
  viewingChannel: false,
  messageId: "m1",
  channelId: "c1",
  title: "bob in #general (Hearthside)",
  body: "hi @me",
  path: "/app/servers/s1/c1",
  ...overrides,
});

describe("notifying a message", () => {
  it("a hidden tab shows one silent desktop notification and plays the mention sound at the chosen volume", () => {
    setLocalSetting("notificationVolume", 4);
    notifyMessage(notice());
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: "bob in #general (Hearthside)", options: { body: "hi @me", tag: "c1", silent: true } });
    expect(played).toHaveLength(1);
    expect(played[0]!.volume).toBeCloseTo(0.4);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it("a click on the desktop notification focuses the tab and opens the channel", () => {
    const open = vi.fn();
    const focus = vi.spyOn(window, "focus").mockImplementation(() => undefined);
    setNotificationOpener(open);
    notifyMessage(notice());
    shown[0]!.instance.onclick!();
    expect(focus).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith("/app/servers/s1/c1");
    expect(shown[0]!.instance.close).toHaveBeenCalled();
  });

  it("a visible tab gets a pop-up instead of a desktop notification", () => {
    visibility = "visible";
    notifyMessage(notice());
    expect(shown).toEqual([]);
    expect(useToastStore.getState().toasts).toMatchObject([{ id: "m1", title: "bob in #general (Hearthside)", path: "/app/servers/s1/c1" }]);
    expect(played).toHaveLength(1);
  });

  it("no desktop notification when switched off or not allowed; the sound still plays", () => {
    setLocalSetting("desktopNotifications", false);
    notifyMessage(notice());
    FakeNotification.permission = "denied";
    setLocalSetting("desktopNotifications", true);
    notifyMessage(notice({ messageId: "m2" }));
    expect(shown).toEqual([]);
    expect(played).toHaveLength(2);
  });

  it("muted sounds, volume 0 and a silent sound choice play nothing", () => {
    setLocalSetting("notificationsMuted", true);
    notifyMessage(notice());
    setLocalSetting("notificationsMuted", false);
    setLocalSetting("notificationVolume", 0);
    notifyMessage(notice());
    setLocalSetting("notificationVolume", 10);
    setLocalSetting("notificationSounds", { message: "default", mention: "none", reminder: "level-up" });
    notifyMessage(notice());
    expect(played).toEqual([]);
    expect(shown).toHaveLength(3);
  });

  it("messages and mentions use their own sounds", () => {
    setLocalSetting("notificationSounds", { message: "ding", mention: "music-box", reminder: "level-up" });
    notifyMessage(notice({ mentionsMe: false }));
    notifyMessage(notice({ mentionsMe: true }));
    expect(played[0]!.src).not.toBe(played[1]!.src);
  });

  it("your own messages and a muted server notify nothing", () => {
    notifyMessage(notice({ authorId: "me" }));
    notifyMessage(notice({ pingMode: 2, soundMode: 2 }));
    expect(shown).toEqual([]);
    expect(played).toEqual([]);
  });
});
