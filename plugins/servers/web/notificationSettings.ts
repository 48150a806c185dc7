/**
 * The user's notification settings per server and per channel (`user:authenticated.notificationSettings`,
 * `user:notification_settings_update`, `POST /api/users/notifications`). Modes: 0 all, 1 mentions only,
 * 2 mute; a channel's null means "use the server default".
 */
import { request } from "@hearth/api/request";
import { create } from "zustand";

export type NotificationMode = 0 | 1 | 2;
export const NOTIFICATION_MODES: readonly NotificationMode[] = [0, 1, 2];

export interface NotificationSetting {
  serverId: string | null;
  channelId: string | null;
  notificationPingMode: NotificationMode | null;
  notificationSoundMode: NotificationMode | null;
}

export interface NotificationModes {
  notificationPingMode: NotificationMode | null;
  notificationSoundMode: NotificationMode | null;
}

interface NotificationSettingsState {
  settings: NotificationSetting[];
  /** Each server's default ping mode where it is not "all" (Hearth's `notification_defaults`). */
  defaults: Record<string, NotificationMode>;
}

export const NOTIFICATION_DEFAULTS_FEATURE = "notification_defaults";
/** A server's default: all messages or mentions only. */
export const DEFAULT_MODES: readonly (0 | 1)[] = [0, 1];

export const useNotificationSettings = create<NotificationSettingsState>()(() => ({ settings: [], defaults: {} }));

/** The server's default ping mode, for members who chose none of their own. */
export const serverDefaultPing = (defaults: Record<string, NotificationMode>, serverId: string): NotificationMode => defaults[serverId] ?? 0;

/** The server's own modes with its default ping mode where the user chose none. */
export function serverModesInEffect(state: NotificationSettingsState, serverId: string): NotificationModes {
  const modes = findModes(state.settings, serverId, null);
  return { ...modes, notificationPingMode: modes.notificationPingMode ?? serverDefaultPing(state.defaults, serverId) };
}

/** A channel's row is found by its id alone: the server sends channel rows with `serverId: null`. */
const matches = (setting: NotificationSetting, serverId: string | null, channelId: string | null) =>
  channelId !== null ? setting.channelId === channelId : (setting.channelId ?? null) === null && (setting.serverId ?? null) === serverId;

/** The stored modes of a server (channelId null) or a channel; nulls when nothing is stored. */
export function findModes(settings: readonly NotificationSetting[], serverId: string | null, channelId: string | null): NotificationModes {
  const found = settings.find((setting) => matches(setting, serverId, channelId));
  return {
    notificationPingMode: found?.notificationPingMode ?? null,
    notificationSoundMode: found?.notificationSoundMode ?? null,
  };
}

/**
 * What a ping-mode change sends (spec §4): mute also mutes sound; mentions-only lowers sound from
 * all to mentions-only. `inheritedSound` is the sound in effect when `currentSound` is null.
 */
export function coupledModes(ping: NotificationMode | null, currentSound: NotificationMode | null, inheritedSound: NotificationMode = 0): NotificationModes {
  let sound = currentSound;
  if (ping === 2) sound = 2;
  else if (ping === 1 && (currentSound ?? inheritedSound) === 0) sound = 1;
  return { notificationPingMode: ping, notificationSoundMode: sound };
}

/** Applies an update to the list, adding the entry when it is new. */
export function applyNotificationUpdate(
  settings: readonly NotificationSetting[],
  serverId: string | null,
  channelId: string | null,
  updated: Partial<NotificationModes>,
): NotificationSetting[] {
  const existing = settings.find((setting) => matches(setting, serverId, channelId));
  if (existing) return settings.map((setting) => (setting === existing ? { ...setting, ...updated } : setting));
  return [...settings, { serverId, channelId, notificationPingMode: null, notificationSoundMode: null, ...updated }];
}

export function notificationSettingsAuthenticated(payload: { notificationSettings?: NotificationSetting[]; notificationDefaults?: Record<string, NotificationMode> }): void {
  useNotificationSettings.setState({ settings: payload.notificationSettings ?? [], defaults: payload.notificationDefaults ?? {} });
}

/** `server:notification_defaults` (and the answer to reading or saving one). */
export function notificationDefaultUpdated({ serverId, notificationPingMode }: { serverId: string; notificationPingMode: NotificationMode }): void {
  useNotificationSettings.setState(({ defaults }) => {
    const { [serverId]: _previous, ...rest } = defaults;
    return { defaults: notificationPingMode ? { ...rest, [serverId]: notificationPingMode } : rest };
  });
}

const defaultsPath = (serverId: string) => `/servers/${serverId}/notification-defaults`;

/** A server joined since the payload: its default is read once. */
export async function loadNotificationDefault(serverId: string): Promise<void> {
  notificationDefaultUpdated(await request({ path: defaultsPath(serverId) }));
}

/** An admin's choice of the server's default ping mode. */
export async function saveNotificationDefault(serverId: string, notificationPingMode: NotificationMode): Promise<void> {
  notificationDefaultUpdated(await request({ method: "POST", path: defaultsPath(serverId), body: { notificationPingMode } }));
}

export function notificationSettingsUpdated({ serverId, channelId, updated }: { serverId?: string | null; channelId?: string | null; updated?: Partial<NotificationModes> }): void {
  useNotificationSettings.setState(({ settings }) => ({ settings: applyNotificationUpdate(settings, serverId ?? null, channelId ?? null, updated ?? {}) }));
}

/** Shows the change at once and puts the previous settings back when the server refuses it. */
export async function saveNotificationModes(serverId: string, channelId: string | null, modes: Partial<NotificationModes>): Promise<void> {
  const previous = useNotificationSettings.getState().settings;
  notificationSettingsUpdated({ serverId, channelId, updated: modes });
  try {
    await request({ method: "POST", path: "/users/notifications", body: { serverId, ...(channelId ? { channelId } : {}), ...modes } });
  } catch (error) {
    useNotificationSettings.setState({ settings: previous });
    throw error;
  }
}
