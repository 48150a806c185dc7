/**
 * Ringing made with Web Audio (no sound files): a soft rising three-note chime for an incoming
 * call, and for the caller a ringback tone (425 Hz, 1 s on, 4 s off) while nobody has answered.
 */
import { audioContext } from "./audioGraph";

export interface Note {
  frequency: number;
  start: number;
  duration: number;
}

/** One ring of the incoming chime (E5, G#5, B5), relative to its start, in seconds. */
export const INCOMING_NOTES: Note[] = [
  { frequency: 659.25, start: 0, duration: 0.35 },
  { frequency: 830.61, start: 0.18, duration: 0.35 },
  { frequency: 987.77, start: 0.36, duration: 0.6 },
];
export const INCOMING_EVERY_S = 2.2;
export const RINGBACK_NOTES: Note[] = [{ frequency: 425, start: 0, duration: 1 }];
export const RINGBACK_EVERY_S = 5;

function playNotes(notes: Note[], volume: number): void {
  const audio = audioContext();
  if (!audio) return;
  void audio.resume?.();
  const now = audio.currentTime + 0.02;
  for (const note of notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    const at = now + note.start;
    oscillator.type = "sine";
    oscillator.frequency.setValueAtTime(note.frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(volume, at + 0.03);
    gain.gain.setValueAtTime(volume, at + Math.max(0.03, note.duration - 0.1));
    gain.gain.exponentialRampToValueAtTime(0.0001, at + note.duration);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + note.duration + 0.05);
  }
}

/** Repeats a pattern until stopped; `start` again while ringing does nothing. */
export class Ringer {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly notes: Note[],
    private readonly everySeconds: number,
    private readonly volume: number,
  ) {}

  get ringing(): boolean {
    return this.timer !== null;
  }

  start(): void {
    if (this.timer) return;
    const ring = () => {
      try {
        playNotes(this.notes, this.volume);
      } catch {
        // a ring is a courtesy: the popup still shows the call
      }
    };
    ring();
    this.timer = setInterval(ring, this.everySeconds * 1000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

export const incomingRing = new Ringer(INCOMING_NOTES, INCOMING_EVERY_S, 0.18);
export const ringback = new Ringer(RINGBACK_NOTES, RINGBACK_EVERY_S, 0.08);
