import { create } from "zustand";

/**
 * Typed access to the settings this browser keeps in localStorage (spec §3).
 * Strings are stored raw (so `userToken` reads the same as in Nerimity's client);
 * everything else is stored as JSON. A missing or unreadable value yields the default.
 */

interface Codec<T> {
  defaultValue: T;
  parse: (raw: string) => T;
  serialize: (value: T) => string;
}

const text = <T extends string | null>(defaultValue: T): Codec<T> => ({
  defaultValue,
  parse: (raw) => raw as T,
  serialize: (value) => value ?? "",
});

const json = <T>(defaultValue: T): Codec<T> => ({
  defaultValue,
  parse: (raw) => JSON.parse(raw) as T,
  serialize: (value) => JSON.stringify(value),
});

export type ThemeName = "default" | "amoled" | "light";
export type VoiceInputMode = "VOICE_ACTIVITY" | "PUSH_TO_TALK" | "OPEN";

export interface NotificationSounds {
  message: string;
  mention: string;
  reminder: string;
}

const definitions = {
  userToken: text<string | null>(null),
  appLanguage: text<string>("en-gb"),
  theme: json<ThemeName>("default"),
  /** Notification sounds off (desktop notifications and pop-ups still show). */
  notificationsMuted: json(false),
  /** 0–10 (spec §9: default 10). */
  notificationVolume: json(10),
  notificationSounds: json<NotificationSounds>({ message: "default", mention: "default", reminder: "level-up" }),
  /** System notifications while the tab is hidden (the browser's permission is asked when turned on). */
  desktopNotifications: json(false),
  customCss: text<string>(""),
  customColors: json<Record<string, string>>({}),
  /** The interface's base font size in px (interface settings). */
  fontSize: json(15),
  /** Developer mode: "Copy ID" entries in context menus (developer settings). */
  developerMode: json(false),
  voiceInputMode: json<VoiceInputMode>("VOICE_ACTIVITY"),
  pttKeys: json<string[]>([]),
  /** How easily voice activity opens the microphone, 0–100 (higher: quieter sounds count). */
  voiceSensitivity: json(50),
  /** Chosen microphone and speaker (`MediaDeviceInfo.deviceId`); null: the system's default. */
  voiceInputDevice: json<string | null>(null),
  voiceOutputDevice: json<string | null>(null),
  sidebarWidths: json<Record<string, number>>({}),
  collapsedServerCategories: json<string[]>([]),
  /** The right-hand panel open or closed, per kind of screen (app/layoutStore `screenKind`). */
  rightDrawerByScreen: json<Record<string, boolean>>({}),
  enabledExperiments: json<string[]>([]),
  /** Emoji picked most recently first (emoji picker). */
  recentEmojis: json<string[]>([]),
};

type Definitions = typeof definitions;
export type LocalSettingKey = keyof Definitions;
export type LocalSettingValue<K extends LocalSettingKey> = Definitions[K]["defaultValue"];

export function getLocalSetting<K extends LocalSettingKey>(key: K): LocalSettingValue<K> {
  const codec = definitions[key] as Codec<LocalSettingValue<K>>;
  const raw = localStorage.getItem(key);
  if (raw === null) return codec.defaultValue;
  try {
    return codec.parse(raw);
  } catch {
    return codec.defaultValue;
  }
}

/** A counter per key, bumped on every change, so `useLocalSetting` re-renders only that key's readers. */
const useChanges = create<{ versions: Record<string, number> }>()(() => ({ versions: {} }));
const bump = (key: string) => useChanges.setState(({ versions }) => ({ versions: { ...versions, [key]: (versions[key] ?? 0) + 1 } }));

export function setLocalSetting<K extends LocalSettingKey>(key: K, value: LocalSettingValue<K>): void {
  const codec = definitions[key] as Codec<LocalSettingValue<K>>;
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, codec.serialize(value));
  bump(key);
}

/** A setting's live value: components re-render when this tab (or another tab) changes it. */
export function useLocalSetting<K extends LocalSettingKey>(key: K): LocalSettingValue<K> {
  useChanges((state) => state.versions[key]);
  return getLocalSetting(key);
}

if (typeof window !== "undefined") window.addEventListener("storage", (event) => event.key && bump(event.key));
