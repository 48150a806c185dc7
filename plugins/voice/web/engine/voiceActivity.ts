/** When the microphone sends: voice activity with a hold, push-to-talk, or always (spec §4). */
import type { VoiceInputMode } from "@hearth/settings/localSettings";
import { bindingOfMouseButton } from "../callSettings";

/** Root-mean-square level of samples in -1…1, in dBFS (silence is -160). */
export function levelDb(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  return rms > 1e-8 ? 20 * Math.log10(rms) : -160;
}

/** Opens as soon as the level reaches the threshold; closes `holdMs` after it last did, so the
 * ends of words are not clipped. */
export class VoiceGate {
  private openUntil = Number.NEGATIVE_INFINITY;

  constructor(private readonly holdMs = 300) {}

  update(level: number, threshold: number, now: number): boolean {
    if (level >= threshold) this.openUntil = now + this.holdMs;
    return now < this.openUntil;
  }
}

export interface TransmitInputs {
  mode: VoiceInputMode;
  muted: boolean;
  deafened: boolean;
  pushToTalkHeld: boolean;
  voiceOpen: boolean;
}

export function shouldTransmit({ mode, muted, deafened, pushToTalkHeld, voiceOpen }: TransmitInputs): boolean {
  if (muted || deafened) return false;
  if (mode === "PUSH_TO_TALK") return pushToTalkHeld;
  if (mode === "OPEN") return true;
  return voiceOpen;
}

/** Whether a mouse button is bound to push-to-talk. */
export function isPushToTalkButton(button: number, keys: string[]): boolean {
  const binding = bindingOfMouseButton(button);
  return binding !== null && keys.includes(binding);
}

/** Whether a key event is the push-to-talk key. Typing a character into a text field is not. */
export function isPushToTalkKey(event: Pick<KeyboardEvent, "code" | "key" | "target">, keys: string[]): boolean {
  if (!keys.includes(event.code)) return false;
  const target = event.target as HTMLElement | null;
  const editable = Boolean(target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)));
  return !(editable && event.key.length === 1);
}
