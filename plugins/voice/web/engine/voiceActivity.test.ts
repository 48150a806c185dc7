// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isPushToTalkButton, isPushToTalkKey, levelDb, shouldTransmit, VoiceGate } from "./voiceActivity";

describe("voice activity", () => {
  it("measures the level in dBFS", () => {
    expect(levelDb(new Float32Array(128))).toBe(-160);
    expect(levelDb(new Float32Array(128).fill(1))).toBeCloseTo(0);
    expect(levelDb(new Float32Array(128).fill(0.1))).toBeCloseTo(-20);
  });

  it("opens at the threshold and holds after the voice stops", () => {
    const gate = new VoiceGate(300);
    expect(gate.update(-60, -50, 0)).toBe(false);
    expect(gate.update(-40, -50, 100)).toBe(true);
    expect(gate.update(-70, -50, 350)).toBe(true); // within the hold
    expect(gate.update(-70, -50, 401)).toBe(false);
  });

  it("sends only when not muted or deafened, by input mode", () => {
    const base = { mode: "VOICE_ACTIVITY" as const, muted: false, deafened: false, pushToTalkHeld: false, voiceOpen: true };
    expect(shouldTransmit(base)).toBe(true);
    expect(shouldTransmit({ ...base, voiceOpen: false })).toBe(false);
    expect(shouldTransmit({ ...base, muted: true })).toBe(false);
    expect(shouldTransmit({ ...base, deafened: true })).toBe(false);
    expect(shouldTransmit({ ...base, mode: "PUSH_TO_TALK" })).toBe(false);
    expect(shouldTransmit({ ...base, mode: "PUSH_TO_TALK", pushToTalkHeld: true, voiceOpen: false })).toBe(true);
    expect(shouldTransmit({ ...base, mode: "OPEN", voiceOpen: false })).toBe(true);
    expect(shouldTransmit({ ...base, mode: "OPEN", muted: true })).toBe(false);
  });

  it("knows the push-to-talk key, but not when it types a character into a field", () => {
    const input = document.createElement("input");
    const body = document.body;
    expect(isPushToTalkKey({ code: "KeyV", key: "v", target: body }, ["KeyV"])).toBe(true);
    expect(isPushToTalkKey({ code: "KeyB", key: "b", target: body }, ["KeyV"])).toBe(false);
    expect(isPushToTalkKey({ code: "KeyV", key: "v", target: input }, ["KeyV"])).toBe(false);
    expect(isPushToTalkKey({ code: "ControlRight", key: "Control", target: input }, ["ControlRight"])).toBe(true);
  });

  it("knows a mouse button bound to push-to-talk", () => {
    expect(isPushToTalkButton(3, ["Mouse3"])).toBe(true);
    expect(isPushToTalkButton(4, ["Mouse3"])).toBe(false);
    expect(isPushToTalkButton(0, ["KeyV"])).toBe(false);
  });
});
