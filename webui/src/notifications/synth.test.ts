import { describe, expect, it } from "vitest";
import { DEFAULT_SOUNDS, isSoundName, NOTIFICATION_SOUNDS, SOUND_RECIPES } from "./soundCatalogue";
import { encodeWav, renderTones, SAMPLE_RATE } from "./synth";

describe("the sound list", () => {
  it("has spec §9's defaults and a silent choice", () => {
    expect(DEFAULT_SOUNDS).toEqual({ message: "default", mention: "default", reminder: "level-up" });
    expect(NOTIFICATION_SOUNDS).toContain("none");
    expect(isSoundName("level-up")).toBe(true);
    expect(isSoundName("https://example.com/x.mp3")).toBe(false);
  });

  it.each(Object.entries(SOUND_RECIPES))("%s renders a short sound, loud but never clipping", (_name, tones) => {
    const samples = renderTones(tones);
    expect(samples.length / SAMPLE_RATE).toBeGreaterThan(0.05);
    expect(samples.length / SAMPLE_RATE).toBeLessThan(1.5);
    const peak = samples.reduce((max, sample) => Math.max(max, Math.abs(sample)), 0);
    expect(peak).toBeCloseTo(0.8, 5);
    expect(Math.abs(samples[samples.length - 1]!)).toBeLessThan(0.01); // fades out: no click at the end
  });
});

describe("WAV encoding", () => {
  it("writes a 16-bit mono PCM file", () => {
    const bytes = encodeWav(new Float32Array([0, 1, -1, 0.5]), 8000);
    const view = new DataView(bytes.buffer);
    const text = (offset: number) => String.fromCharCode(...bytes.slice(offset, offset + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(view.getUint32(4, true)).toBe(36 + 8);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint16(34, true)).toBe(16);
    expect([1, 2, 3, 4].map((index) => view.getInt16(42 + index * 2, true))).toEqual([0, 32767, -32767, 16384]);
  });
});
