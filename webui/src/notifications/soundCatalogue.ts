/**
 * The fixed list of notification sounds (spec §9). There are no sound files: each sound is a few
 * synthesised tones (`synth.ts` turns them into a WAV in the browser), so nothing is fetched.
 */

export interface Tone {
  /** Start, in seconds from the sound's start. */
  at: number;
  frequency: number;
  /** Seconds until the tone has faded out. */
  duration: number;
  wave?: "sine" | "triangle" | "square";
  /** Loudness relative to the other tones of the sound (1 by default). */
  level?: number;
  /** The frequency the tone slides to by its end (pops and bloops). */
  glideTo?: number;
  /** Overtones as [multiple of the frequency, level]: a marimba's or music box's ring. */
  partials?: Array<[number, number]>;
}

const MARIMBA: Array<[number, number]> = [[4, 0.25], [10, 0.06]];
const BELL: Array<[number, number]> = [[2, 0.35], [3, 0.15], [4.2, 0.08]];

export const SOUND_RECIPES = {
  default: [
    { at: 0, frequency: 880, duration: 0.22, wave: "sine", partials: BELL },
    { at: 0.1, frequency: 1318.5, duration: 0.4, wave: "sine", partials: BELL },
  ],
  message: [
    { at: 0, frequency: 659.25, duration: 0.18, wave: "triangle" },
    { at: 0.08, frequency: 987.77, duration: 0.3, wave: "triangle" },
  ],
  ding: [{ at: 0, frequency: 1567.98, duration: 0.9, wave: "sine", partials: BELL }],
  "soft-notice": [
    { at: 0, frequency: 523.25, duration: 0.35, wave: "sine", level: 0.8 },
    { at: 0.16, frequency: 659.25, duration: 0.5, wave: "sine", level: 0.8 },
  ],
  "minimal-pop": [{ at: 0, frequency: 900, duration: 0.09, wave: "sine", glideTo: 300 }],
  "multi-pop": [
    { at: 0, frequency: 800, duration: 0.08, wave: "sine", glideTo: 300 },
    { at: 0.09, frequency: 1000, duration: 0.08, wave: "sine", glideTo: 380 },
    { at: 0.18, frequency: 1250, duration: 0.1, wave: "sine", glideTo: 450 },
  ],
  "marimba-bloop": [
    { at: 0, frequency: 392, duration: 0.3, wave: "sine", partials: MARIMBA, glideTo: 420 },
    { at: 0.12, frequency: 587.33, duration: 0.4, wave: "sine", partials: MARIMBA },
  ],
  "music-box": [
    { at: 0, frequency: 1046.5, duration: 0.5, wave: "sine", partials: BELL, level: 0.8 },
    { at: 0.14, frequency: 1318.51, duration: 0.5, wave: "sine", partials: BELL, level: 0.8 },
    { at: 0.28, frequency: 1567.98, duration: 0.5, wave: "sine", partials: BELL, level: 0.8 },
    { at: 0.42, frequency: 2093, duration: 0.7, wave: "sine", partials: BELL, level: 0.7 },
  ],
  "level-up": [
    { at: 0, frequency: 523.25, duration: 0.16, wave: "square", level: 0.45 },
    { at: 0.1, frequency: 659.25, duration: 0.16, wave: "square", level: 0.45 },
    { at: 0.2, frequency: 783.99, duration: 0.16, wave: "square", level: 0.45 },
    { at: 0.3, frequency: 1046.5, duration: 0.4, wave: "square", level: 0.45 },
  ],
  "system-notification": [
    { at: 0, frequency: 740, duration: 0.2, wave: "triangle" },
    { at: 0.2, frequency: 740, duration: 0.3, wave: "triangle" },
  ],
  start: [
    { at: 0, frequency: 392, duration: 0.25, wave: "triangle", glideTo: 784 },
    { at: 0.18, frequency: 1174.66, duration: 0.45, wave: "sine", partials: BELL },
  ],
} satisfies Record<string, Tone[]>;

export type PlayableSound = keyof typeof SOUND_RECIPES;
/** "none" is in the list so a kind of notification can be silent while the others sound. */
export type SoundName = PlayableSound | "none";

export const NOTIFICATION_SOUNDS: readonly SoundName[] = [...(Object.keys(SOUND_RECIPES) as PlayableSound[]), "none"];

export type SoundKind = "message" | "mention" | "reminder";
export const SOUND_KINDS: readonly SoundKind[] = ["message", "mention", "reminder"];

/** spec §9: "default" for messages and mentions, "level-up" for reminders. */
export const DEFAULT_SOUNDS: Readonly<Record<SoundKind, SoundName>> = { message: "default", mention: "default", reminder: "level-up" };

export function isSoundName(value: unknown): value is SoundName {
  return typeof value === "string" && (NOTIFICATION_SOUNDS as readonly string[]).includes(value);
}
