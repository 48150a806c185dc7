import { registerTranslations } from "@hearth/i18n/i18n";
import { getLocalSetting } from "@hearth/settings/localSettings";
import { beforeEach, describe, expect, it } from "vitest";
import {
  bindingOfKey,
  bindingOfMouseButton,
  keyLabel,
  meterFraction,
  reloadCallSettings,
  sensitivityForSlider,
  thresholdFor,
  thresholdSliderValue,
  updateCallSettings,
  useCallSettings,
} from "./callSettings";
import enGb from "./en-gb.json";

beforeEach(() => {
  registerTranslations("en-gb", "voice", enGb);
  localStorage.clear();
  reloadCallSettings();
});

describe("call settings", () => {
  it("start from the spec's defaults: voice activity, no push-to-talk key, default devices", () => {
    expect(useCallSettings.getState()).toEqual({ inputMode: "VOICE_ACTIVITY", pttKeys: [], sensitivity: 50, inputDevice: null, outputDevice: null });
  });

  it("are kept in local settings, followed at once and read back after a reload", () => {
    updateCallSettings({ inputMode: "PUSH_TO_TALK", pttKeys: ["Backquote"], sensitivity: 80, inputDevice: "mic-2", outputDevice: "speaker-1" });
    expect(getLocalSetting("voiceInputMode")).toBe("PUSH_TO_TALK");
    expect(getLocalSetting("pttKeys")).toEqual(["Backquote"]);
    expect(getLocalSetting("voiceSensitivity")).toBe(80);
    expect(getLocalSetting("voiceInputDevice")).toBe("mic-2");
    expect(useCallSettings.getState()).toMatchObject({ inputMode: "PUSH_TO_TALK", sensitivity: 80 });

    useCallSettings.setState({ inputMode: "VOICE_ACTIVITY", pttKeys: [], sensitivity: 50, inputDevice: null, outputDevice: null });
    reloadCallSettings(); // what a new page (or another tab's change) reads
    expect(useCallSettings.getState()).toEqual({ inputMode: "PUSH_TO_TALK", pttKeys: ["Backquote"], sensitivity: 80, inputDevice: "mic-2", outputDevice: "speaker-1" });
  });

  it("go back to the system's default device", () => {
    updateCallSettings({ inputDevice: "mic-2" });
    updateCallSettings({ inputDevice: null });
    expect(localStorage.getItem("voiceInputDevice")).toBeNull();
    expect(useCallSettings.getState().inputDevice).toBeNull();
  });
});

describe("the voice-activity threshold", () => {
  it("follows the sensitivity: more sensitive, quieter sounds count", () => {
    expect(thresholdFor(0)).toBe(-20);
    expect(thresholdFor(100)).toBe(-80);
    expect(thresholdFor(50)).toBe(-50);
    expect(thresholdFor(150)).toBe(-80);
    expect(thresholdFor(-5)).toBe(-20);
  });

  it("places levels on the meter from -80 dB (empty) to -20 dB (full)", () => {
    expect(meterFraction(-160)).toBe(0);
    expect(meterFraction(-80)).toBe(0);
    expect(meterFraction(-50)).toBeCloseTo(0.5);
    expect(meterFraction(-20)).toBe(1);
    expect(meterFraction(0)).toBe(1);
  });

  it("is a slider over the meter whose marker sits where the gate opens", () => {
    for (const sensitivity of [0, 25, 50, 80, 100]) {
      expect(thresholdSliderValue(sensitivity)).toBe(Math.round(meterFraction(thresholdFor(sensitivity)) * 100));
      expect(sensitivityForSlider(thresholdSliderValue(sensitivity))).toBe(sensitivity);
    }
    expect(thresholdSliderValue(80)).toBe(20); // sensitive: the marker far to the left
    expect(sensitivityForSlider(130)).toBe(0);
  });
});

describe("push-to-talk bindings", () => {
  it("record keys by code, and mouse buttons other than left and right", () => {
    expect(bindingOfKey("KeyV")).toBe("KeyV");
    expect(bindingOfKey("Escape")).toBeNull();
    expect(bindingOfKey("")).toBeNull();
    expect(bindingOfMouseButton(0)).toBeNull();
    expect(bindingOfMouseButton(2)).toBeNull();
    expect(bindingOfMouseButton(1)).toBe("Mouse1");
    expect(bindingOfMouseButton(3)).toBe("Mouse3");
  });

  it("are named as people read them", () => {
    expect(keyLabel("KeyV")).toBe("V");
    expect(keyLabel("Digit4")).toBe("4");
    expect(keyLabel("Backquote")).toBe("`");
    expect(keyLabel("ControlRight")).toBe("Right Ctrl");
    expect(keyLabel("Space")).toBe("Space");
    expect(keyLabel("F13")).toBe("F13");
    expect(keyLabel("Mouse1")).toBe("Middle mouse button");
    expect(keyLabel("Mouse3")).toBe("Mouse button 4");
  });
});
