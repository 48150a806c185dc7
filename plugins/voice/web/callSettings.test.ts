import { getLocalSetting } from "@hearth/settings/localSettings";
import { beforeEach, describe, expect, it } from "vitest";
import { keyLabel, thresholdFor, updateCallSettings, useCallSettings } from "./callSettings";

beforeEach(() => localStorage.clear());

describe("call settings", () => {
  it("start from the spec's defaults: voice activity, no push-to-talk key, default devices", () => {
    expect(useCallSettings.getState()).toMatchObject({ inputMode: "VOICE_ACTIVITY", pttKeys: [], inputDevice: null, outputDevice: null });
  });

  it("are kept in local settings and followed at once", () => {
    updateCallSettings({ inputMode: "PUSH_TO_TALK", pttKeys: ["Backquote"], sensitivity: 80, inputDevice: "mic-2" });
    expect(getLocalSetting("voiceInputMode")).toBe("PUSH_TO_TALK");
    expect(getLocalSetting("pttKeys")).toEqual(["Backquote"]);
    expect(getLocalSetting("voiceSensitivity")).toBe(80);
    expect(getLocalSetting("voiceInputDevice")).toBe("mic-2");
    expect(useCallSettings.getState()).toMatchObject({ inputMode: "PUSH_TO_TALK", sensitivity: 80 });
  });

  it("turn sensitivity into a threshold: more sensitive, quieter sounds count", () => {
    expect(thresholdFor(0)).toBe(-20);
    expect(thresholdFor(100)).toBe(-80);
    expect(thresholdFor(50)).toBe(-50);
    expect(thresholdFor(150)).toBe(-80);
  });

  it("name keys as people read them", () => {
    expect(keyLabel("KeyV")).toBe("V");
    expect(keyLabel("Digit4")).toBe("4");
    expect(keyLabel("Backquote")).toBe("`");
    expect(keyLabel("ControlRight")).toBe("Right Ctrl");
    expect(keyLabel("F13")).toBe("F13");
  });
});
