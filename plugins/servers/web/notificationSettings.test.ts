import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@hearth/api/request", () => ({ request: vi.fn(async () => ({ status: "done" })) }));

import { request } from "@hearth/api/request";
import {
  applyNotificationUpdate,
  coupledModes,
  findModes,
  notificationSettingsAuthenticated,
  notificationSettingsUpdated,
  saveNotificationModes,
  useNotificationSettings,
} from "./notificationSettings";

afterEach(() => useNotificationSettings.setState({ settings: [] }));

describe("coupledModes", () => {
  it("mute also mutes sound", () => {
    expect(coupledModes(2, 0)).toEqual({ notificationPingMode: 2, notificationSoundMode: 2 });
    expect(coupledModes(2, 1)).toEqual({ notificationPingMode: 2, notificationSoundMode: 2 });
  });

  it("mentions only lowers sound from all, and leaves a lower sound alone", () => {
    expect(coupledModes(1, 0)).toEqual({ notificationPingMode: 1, notificationSoundMode: 1 });
    expect(coupledModes(1, 2)).toEqual({ notificationPingMode: 1, notificationSoundMode: 2 });
    expect(coupledModes(1, null, 0)).toEqual({ notificationPingMode: 1, notificationSoundMode: 1 });
    expect(coupledModes(1, null, 2)).toEqual({ notificationPingMode: 1, notificationSoundMode: null });
  });

  it("all and the server default leave sound as it is", () => {
    expect(coupledModes(0, 2)).toEqual({ notificationPingMode: 0, notificationSoundMode: 2 });
    expect(coupledModes(null, 1)).toEqual({ notificationPingMode: null, notificationSoundMode: 1 });
  });
});

describe("settings list", () => {
  it("finds server and channel entries separately, with nulls when missing", () => {
    const settings = [
      { serverId: "s1", channelId: null, notificationPingMode: 1 as const, notificationSoundMode: 1 as const },
      { serverId: "s1", channelId: "c1", notificationPingMode: 2 as const, notificationSoundMode: null },
    ];
    expect(findModes(settings, "s1", null)).toEqual({ notificationPingMode: 1, notificationSoundMode: 1 });
    expect(findModes(settings, "s1", "c1")).toEqual({ notificationPingMode: 2, notificationSoundMode: null });
    expect(findModes(settings, "s2", null)).toEqual({ notificationPingMode: null, notificationSoundMode: null });
  });

  it("merges updates and adds new entries", () => {
    const first = applyNotificationUpdate([], "s1", null, { notificationPingMode: 2 });
    expect(first).toEqual([{ serverId: "s1", channelId: null, notificationPingMode: 2, notificationSoundMode: null }]);
    expect(applyNotificationUpdate(first, "s1", null, { notificationSoundMode: 1 })[0]).toMatchObject({ notificationPingMode: 2, notificationSoundMode: 1 });
  });

  it("follows the authenticated payload and update events", () => {
    notificationSettingsAuthenticated({ notificationSettings: [{ serverId: "s1", channelId: null, notificationPingMode: 0, notificationSoundMode: 0 }] });
    notificationSettingsUpdated({ serverId: "s1", channelId: "c1", updated: { notificationPingMode: 1, notificationSoundMode: 1 } });
    expect(useNotificationSettings.getState().settings).toHaveLength(2);
    expect(findModes(useNotificationSettings.getState().settings, "s1", "c1").notificationPingMode).toBe(1);
  });

  it("posts both modes and stores them", async () => {
    await saveNotificationModes("s1", "c1", { notificationPingMode: 2, notificationSoundMode: 2 });
    expect(request).toHaveBeenCalledWith({ method: "POST", path: "/users/notifications", body: { serverId: "s1", channelId: "c1", notificationPingMode: 2, notificationSoundMode: 2 } });
    expect(findModes(useNotificationSettings.getState().settings, "s1", "c1")).toEqual({ notificationPingMode: 2, notificationSoundMode: 2 });
  });

  it("puts the previous modes back when the server refuses", async () => {
    vi.mocked(request).mockRejectedValueOnce({ message: "Nope" });
    await expect(saveNotificationModes("s1", null, { notificationPingMode: 2, notificationSoundMode: 2 })).rejects.toEqual({ message: "Nope" });
    expect(useNotificationSettings.getState().settings).toEqual([]);
  });
});

describe("channel rows", () => {
  it("are found by channel id, as the server sends them with serverId null", () => {
    notificationSettingsAuthenticated({ notificationSettings: [{ serverId: null, channelId: "c1", notificationPingMode: 2, notificationSoundMode: 2 }] });
    expect(findModes(useNotificationSettings.getState().settings, "s1", "c1")).toEqual({ notificationPingMode: 2, notificationSoundMode: 2 });
    expect(findModes(useNotificationSettings.getState().settings, null, null)).toEqual({ notificationPingMode: null, notificationSoundMode: null });
  });

  it("a local change and the server's echo (channelId only) update the same row", async () => {
    await saveNotificationModes("s1", "c1", { notificationPingMode: 1, notificationSoundMode: 1 });
    notificationSettingsUpdated({ channelId: "c1", updated: { notificationPingMode: 1, notificationSoundMode: 1 } });
    expect(useNotificationSettings.getState().settings).toHaveLength(1);
  });
});
