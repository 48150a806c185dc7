/**
 * Plays notification sounds with the user's local settings (spec §2): the global mute, the volume
 * (0–10, default 10) and the sound chosen for each kind. Sounds are rendered once into WAV blobs.
 */
import { getLocalSetting } from "../settings/localSettings";
import { DEFAULT_SOUNDS, isSoundName, SOUND_RECIPES, type SoundKind, type SoundName } from "./soundCatalogue";
import { encodeWav, renderTones } from "./synth";

export const MAX_VOLUME = 10;
const urls = new Map<SoundName, string>();

function soundUrl(name: Exclude<SoundName, "none">): string {
  let url = urls.get(name);
  if (!url) {
    url = URL.createObjectURL(new Blob([encodeWav(renderTones(SOUND_RECIPES[name]))], { type: "audio/wav" }));
    urls.set(name, url);
  }
  return url;
}

export function clampVolume(volume: unknown): number {
  const number = typeof volume === "number" && Number.isFinite(volume) ? Math.round(volume) : MAX_VOLUME;
  return Math.min(MAX_VOLUME, Math.max(0, number));
}

/** Plays a sound at a volume of 0–10; false when nothing was played (no sound, silent, no audio). */
export function playSound(name: SoundName, volume: number): boolean {
  const level = clampVolume(volume);
  if (name === "none" || level === 0 || typeof Audio === "undefined") return false;
  try {
    const audio = new Audio(soundUrl(name));
    audio.volume = level / MAX_VOLUME;
    // A browser that has not seen the user interact with the page refuses autoplay: stay quiet.
    void audio.play()?.catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/** The sound chosen for a kind (an unknown stored name falls back to the kind's default). */
export function chosenSound(kind: SoundKind): SoundName {
  const chosen = (getLocalSetting("notificationSounds") as Partial<Record<SoundKind, unknown>> | null)?.[kind];
  return isSoundName(chosen) ? chosen : DEFAULT_SOUNDS[kind];
}

/** A notification's sound, unless notification sounds are muted. */
export function playNotificationSound(kind: SoundKind): boolean {
  if (getLocalSetting("notificationsMuted")) return false;
  return playSound(chosenSound(kind), getLocalSetting("notificationVolume"));
}

/** The settings' preview button: plays even while muted (the user asked to hear it). */
export function previewSound(name: SoundName): boolean {
  return playSound(name, getLocalSetting("notificationVolume"));
}
