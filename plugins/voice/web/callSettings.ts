/**
 * Call settings (spec §2 `settings/call-settings`, §3 local settings): input mode, push-to-talk
 * key, voice-activity sensitivity and devices. Kept in local settings; this store mirrors them so
 * the call follows a change at once.
 */
import { getLocalSetting, setLocalSetting, type VoiceInputMode } from "@hearth/settings/localSettings";
import { create } from "zustand";

export interface CallSettings {
  inputMode: VoiceInputMode;
  pttKeys: string[];
  sensitivity: number;
  inputDevice: string | null;
  outputDevice: string | null;
}

function read(): CallSettings {
  return {
    inputMode: getLocalSetting("voiceInputMode"),
    pttKeys: getLocalSetting("pttKeys"),
    sensitivity: getLocalSetting("voiceSensitivity"),
    inputDevice: getLocalSetting("voiceInputDevice"),
    outputDevice: getLocalSetting("voiceOutputDevice"),
  };
}

export const useCallSettings = create<CallSettings>()(read);

export function updateCallSettings(changes: Partial<CallSettings>): void {
  if (changes.inputMode !== undefined) setLocalSetting("voiceInputMode", changes.inputMode);
  if (changes.pttKeys !== undefined) setLocalSetting("pttKeys", changes.pttKeys);
  if (changes.sensitivity !== undefined) setLocalSetting("voiceSensitivity", changes.sensitivity);
  if (changes.inputDevice !== undefined) setLocalSetting("voiceInputDevice", changes.inputDevice);
  if (changes.outputDevice !== undefined) setLocalSetting("voiceOutputDevice", changes.outputDevice);
  useCallSettings.setState(changes);
}

/** The level (dBFS) above which voice activity counts as speech: -20 dB at 0, -80 dB at 100. */
export function thresholdFor(sensitivity: number): number {
  const clamped = Math.min(100, Math.max(0, sensitivity));
  return -20 - clamped * 0.6;
}

/** A key code as people read it: "KeyV" → "V", "Backquote" → "`", "ControlRight" → "Right Ctrl". */
export function keyLabel(code: string): string {
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit\d$/.test(code)) return code.slice(5);
  const named: Record<string, string> = {
    Backquote: "`",
    Space: "Space",
    ControlLeft: "Left Ctrl",
    ControlRight: "Right Ctrl",
    AltLeft: "Left Alt",
    AltRight: "Right Alt",
    ShiftLeft: "Left Shift",
    ShiftRight: "Right Shift",
    CapsLock: "Caps Lock",
  };
  return named[code] ?? code;
}
