/**
 * Call settings (spec §2 `settings/call-settings`, §3 local settings): input mode, push-to-talk
 * key, voice-activity sensitivity and devices. Kept in local settings; this store mirrors them so
 * the call (engine/callEngine.ts), the settings page and the call bar's popover all follow one
 * copy, and a change applies at once.
 */
import { getLocalSetting, setLocalSetting, type VoiceInputMode } from "@hearth/settings/localSettings";
import { create } from "zustand";
import { t } from "./i18n";

export interface CallSettings {
  inputMode: VoiceInputMode;
  /** Push-to-talk bindings: `KeyboardEvent.code` values, or `Mouse<n>` for `MouseEvent.button` n. */
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

/** Another tab changed a setting: follow it here too (the call may be in this tab). */
export function reloadCallSettings(): void {
  useCallSettings.setState(read());
}

// --- voice-activity threshold and the level meter ------------------------------------------

/** The meter spans -80 dB (empty) to -20 dB (full): the range the threshold can take. */
const METER_FLOOR_DB = -80;
const METER_SPAN_DB = 60;

/** The level (dBFS) above which voice activity counts as speech: -20 dB at 0, -80 dB at 100. */
export function thresholdFor(sensitivity: number): number {
  const clamped = Math.min(100, Math.max(0, sensitivity));
  return -20 - clamped * 0.6;
}

/** Where a level sits on the meter, 0 (-80 dB and below) to 1 (-20 dB and above). */
export function meterFraction(db: number): number {
  return Math.min(1, Math.max(0, (db - METER_FLOOR_DB) / METER_SPAN_DB));
}

/** The threshold's place on the meter as a 0–100 slider value: left is more sensitive. */
export function thresholdSliderValue(sensitivity: number): number {
  return Math.round(meterFraction(thresholdFor(sensitivity)) * 100);
}

/** The sensitivity a slider position on the meter stands for. */
export function sensitivityForSlider(value: number): number {
  return Math.min(100, Math.max(0, Math.round(100 - value)));
}

// --- push-to-talk bindings -------------------------------------------------------------------

const MOUSE = "Mouse";

/** A key press as a binding, or null for Escape (cancels recording) and keys without a code. */
export function bindingOfKey(code: string): string | null {
  return code && code !== "Escape" && code !== "Unidentified" ? code : null;
}

/** A mouse button as a binding; the left and right buttons are kept for clicking and menus. */
export function bindingOfMouseButton(button: number): string | null {
  return button === 0 || button === 2 || button < 0 ? null : `${MOUSE}${button}`;
}

export function isMouseBinding(binding: string): boolean {
  return /^Mouse\d+$/.test(binding);
}

/** The browser's keyboard layout (Chrome's `navigator.keyboard`), so "KeyQ" reads "A" on AZERTY. */
let layout: Map<string, string> | null = null;

export async function loadKeyboardLayout(): Promise<void> {
  const keyboard = (navigator as Navigator & { keyboard?: { getLayoutMap?: () => Promise<Map<string, string>> } }).keyboard;
  try {
    layout = (await keyboard?.getLayoutMap?.()) ?? null;
  } catch {
    layout = null; // not allowed here (a frame): codes are named as on a US keyboard
  }
}

/** A binding as people read it: "KeyV" → "V", "ControlRight" → "Right Ctrl", "Mouse1" → "Middle mouse button". */
export function keyLabel(binding: string): string {
  if (isMouseBinding(binding)) {
    const button = Number(binding.slice(MOUSE.length));
    return button === 1 ? t("keys.mouseMiddle") : t("keys.mouseButton", { number: button + 1 });
  }
  const fromLayout = layout?.get(binding);
  if (fromLayout && fromLayout.trim()) return fromLayout.toUpperCase();
  if (/^Key[A-Z]$/.test(binding)) return binding.slice(3);
  if (/^Digit\d$/.test(binding)) return binding.slice(5);
  const named: Record<string, () => string> = {
    Backquote: () => "`",
    Space: () => t("keys.space"),
    Tab: () => t("keys.tab"),
    Enter: () => t("keys.enter"),
    Backspace: () => t("keys.backspace"),
    CapsLock: () => t("keys.capsLock"),
    ControlLeft: () => t("keys.leftCtrl"),
    ControlRight: () => t("keys.rightCtrl"),
    AltLeft: () => t("keys.leftAlt"),
    AltRight: () => t("keys.rightAlt"),
    ShiftLeft: () => t("keys.leftShift"),
    ShiftRight: () => t("keys.rightShift"),
    MetaLeft: () => t("keys.leftMeta"),
    MetaRight: () => t("keys.rightMeta"),
  };
  return named[binding]?.() ?? binding;
}
