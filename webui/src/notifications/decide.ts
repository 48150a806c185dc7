/**
 * Whether a new message notifies the user, and how (pure rules, spec §2, §4, §9):
 * never for their own or silent messages, nor for the channel they are looking at; DMs always;
 * server channels as their ping mode allows (ALL 0, MENTIONS_ONLY 1, MUTE 2). Sound follows the
 * ping mode: it is never louder than the ping mode, whatever is stored.
 */

export const NotificationMode = { ALL: 0, MENTIONS_ONLY: 1, MUTE: 2 } as const;
export type NotificationMode = (typeof NotificationMode)[keyof typeof NotificationMode];

export interface MessageFacts {
  selfId: string | null | undefined;
  authorId: string | null | undefined;
  /** A direct message (no server): always notifies, the modes do not apply. */
  direct: boolean;
  mentionsMe: boolean;
  /** Sent with @silent. */
  silent: boolean;
  /** The modes in effect for the channel (its own, else the server's, else ALL). */
  pingMode: NotificationMode;
  soundMode: NotificationMode;
  /** The channel is the one on screen. */
  viewingChannel: boolean;
  /** The tab is hidden (document.visibilityState). */
  pageHidden: boolean;
}

export interface NotificationPlan {
  /** A system notification (the tab is hidden). */
  desktop: boolean;
  /** An in-app pop-up (the tab is visible, the channel is not on screen). */
  toast: boolean;
  sound: "message" | "mention" | null;
}

export const NOTHING: NotificationPlan = Object.freeze({ desktop: false, toast: false, sound: null });

export function modeAllows(mode: NotificationMode, mentionsMe: boolean): boolean {
  return mode === NotificationMode.ALL || (mode === NotificationMode.MENTIONS_ONLY && mentionsMe);
}

/** The sound mode that applies: the quieter of the sound and ping modes (a higher number is quieter). */
export function effectiveSoundMode(pingMode: NotificationMode, soundMode: NotificationMode): NotificationMode {
  return Math.max(pingMode, soundMode) as NotificationMode;
}

export function planMessageNotification(facts: MessageFacts): NotificationPlan {
  if (!facts.selfId || facts.authorId === facts.selfId || facts.silent) return NOTHING;
  if (facts.viewingChannel && !facts.pageHidden) return NOTHING;
  const ping = facts.direct ? NotificationMode.ALL : facts.pingMode;
  if (!modeAllows(ping, facts.mentionsMe)) return NOTHING;
  const sound = facts.direct ? NotificationMode.ALL : effectiveSoundMode(facts.pingMode, facts.soundMode);
  return {
    desktop: facts.pageHidden,
    toast: !facts.pageHidden,
    sound: modeAllows(sound, facts.mentionsMe) ? (facts.mentionsMe ? "mention" : "message") : null,
  };
}

/** The modes in effect for a channel: its own where set, else the server's, else ALL. */
export function resolveModes(
  channel: { notificationPingMode: NotificationMode | null; notificationSoundMode: NotificationMode | null },
  server: { notificationPingMode: NotificationMode | null; notificationSoundMode: NotificationMode | null },
): { pingMode: NotificationMode; soundMode: NotificationMode } {
  return {
    pingMode: channel.notificationPingMode ?? server.notificationPingMode ?? NotificationMode.ALL,
    soundMode: channel.notificationSoundMode ?? server.notificationSoundMode ?? NotificationMode.ALL,
  };
}
