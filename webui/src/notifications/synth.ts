/**
 * Tones to PCM samples to a WAV file, in plain TypeScript: a notification sound is built once in
 * the browser and played through an `<audio>` element (which has a volume and needs no
 * AudioContext, so a background tab plays it as well as a visible one).
 */
import type { Tone } from "./soundCatalogue";

export const SAMPLE_RATE = 22050;
const ATTACK_S = 0.005;
const PEAK = 0.8;

function waveAt(wave: Tone["wave"], phase: number): number {
  const sine = Math.sin(phase);
  if (wave === "triangle") return (2 / Math.PI) * Math.asin(sine);
  if (wave === "square") return Math.tanh(4 * sine); // a rounded square: less harsh than a hard one
  return sine;
}

/** Mono samples in [-PEAK, PEAK] for the tones (each with a short attack and an exponential fade). */
export function renderTones(tones: readonly Tone[], rate = SAMPLE_RATE): Float32Array {
  const length = Math.ceil((Math.max(0, ...tones.map((tone) => tone.at + tone.duration)) + 0.01) * rate);
  const samples = new Float32Array(length);
  for (const tone of tones) {
    const start = Math.round(tone.at * rate);
    const count = Math.round(tone.duration * rate);
    const partials: Array<[number, number]> = [[1, 1], ...(tone.partials ?? [])];
    const phases = partials.map(() => 0);
    for (let i = 0; i < count && start + i < length; i += 1) {
      const time = i / rate;
      const progress = i / count;
      const frequency = tone.glideTo === undefined ? tone.frequency : tone.frequency + (tone.glideTo - tone.frequency) * progress;
      const envelope = Math.min(1, time / ATTACK_S) * Math.exp(-5 * progress) * (1 - progress ** 8);
      let value = 0;
      partials.forEach(([multiple, level], index) => {
        phases[index]! += (2 * Math.PI * frequency * multiple) / rate;
        // Overtones die away faster than the fundamental, as on a struck bar.
        value += level * waveAt(index === 0 ? tone.wave : "sine", phases[index]!) * (index === 0 ? 1 : Math.exp(-4 * multiple * progress));
      });
      samples[start + i]! += value * envelope * (tone.level ?? 1);
    }
  }
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  if (peak > 0) for (let i = 0; i < length; i += 1) samples[i] = (samples[i]! / peak) * PEAK;
  return samples;
}

/** A 16-bit mono PCM WAV file of the samples. */
export function encodeWav(samples: Float32Array, rate = SAMPLE_RATE): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(44 + samples.length * 2));
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => [...value].forEach((char, index) => view.setUint8(offset + index, char.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  text(36, "data");
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, index) => view.setInt16(44 + index * 2, Math.round(Math.max(-1, Math.min(1, sample)) * 32767), true));
  return bytes;
}
