/**
 * Who is in which call (realtime.md §3.4 `voiceChannelUsers`, §5.6), and this client's own call:
 * its state, mute and deafen, who is speaking, and an incoming DM call ringing.
 */
import { create } from "zustand";
import type { CallMode, VoiceChannelUser } from "./types";

export type CallStatus = "joining" | "connecting" | "connected" | "reconnecting";

export interface OwnCall {
  channelId: string;
  serverId?: string;
  status: CallStatus;
  mode: CallMode | null;
}

export interface IncomingCall {
  channelId: string;
  callerId: string;
}

export interface VoiceState {
  /** Participants by channel id, then user id (their server id, if any). */
  channels: Record<string, Record<string, { serverId?: string }>>;
  call: OwnCall | null;
  muted: boolean;
  deafened: boolean;
  /** Whether the mic was muted before deafening (un-deafen restores it, spec §4). */
  mutedBeforeDeafen: boolean;
  /** The microphone is sending right now (voice activity, push-to-talk or always on). */
  transmitting: boolean;
  pushToTalkHeld: boolean;
  speaking: Record<string, boolean>;
  incoming: IncomingCall | null;
  error: string | null;
}

const initial: VoiceState = {
  channels: {},
  call: null,
  muted: true,
  deafened: false,
  mutedBeforeDeafen: true,
  transmitting: false,
  pushToTalkHeld: false,
  speaking: {},
  incoming: null,
  error: null,
};

export const useVoiceStore = create<VoiceState>()(() => initial);

const set = (update: Partial<VoiceState> | ((state: VoiceState) => Partial<VoiceState>)) => useVoiceStore.setState(update);

export function resetVoice(): void {
  useVoiceStore.setState(initial, true);
}

/** `user:authenticated`: the whole picture again (after a reconnect too). */
export function voiceUsersLoaded(users: VoiceChannelUser[] | undefined): void {
  const channels: VoiceState["channels"] = {};
  for (const user of users ?? []) channels[user.channelId] = { ...channels[user.channelId], [user.userId]: { serverId: user.serverId } };
  set({ channels });
}

/** `server:joined`: that server's calls are added. */
export function voiceUsersAdded(users: VoiceChannelUser[] | undefined): void {
  if (!users?.length) return;
  set(({ channels }) => {
    const next = { ...channels };
    for (const user of users) next[user.channelId] = { ...next[user.channelId], [user.userId]: { serverId: user.serverId } };
    return { channels: next };
  });
}

export function userJoined(user: VoiceChannelUser): void {
  set(({ channels }) => {
    const next: VoiceState["channels"] = {};
    // one call per user: a join elsewhere moves them
    for (const [channelId, users] of Object.entries(channels)) {
      if (!(user.userId in users)) next[channelId] = users;
      else {
        const { [user.userId]: _moved, ...rest } = users;
        if (Object.keys(rest).length) next[channelId] = rest;
      }
    }
    next[user.channelId] = { ...next[user.channelId], [user.userId]: { serverId: user.serverId } };
    return { channels: next };
  });
}

export function userLeft({ userId, channelId }: { userId: string; channelId: string }): void {
  set(({ channels, speaking, incoming }) => {
    const users = channels[channelId];
    const nextIncoming = incoming && incoming.channelId === channelId && incoming.callerId === userId ? null : incoming;
    if (!users || !(userId in users)) return { incoming: nextIncoming };
    const { [userId]: _gone, ...rest } = users;
    const next = { ...channels };
    if (Object.keys(rest).length) next[channelId] = rest;
    else delete next[channelId];
    const { [userId]: _quiet, ...stillSpeaking } = speaking;
    return { channels: next, speaking: stillSpeaking, incoming: nextIncoming };
  });
}

/** Calls of a server the user left, or of channels that no longer exist. */
export function forgetChannels(predicate: (channelId: string, serverId: string | undefined) => boolean): void {
  set(({ channels }) => ({
    channels: Object.fromEntries(
      Object.entries(channels).filter(([channelId, users]) => !predicate(channelId, Object.values(users)[0]?.serverId)),
    ),
  }));
}

export function participantsOf(state: VoiceState, channelId: string): string[] {
  return Object.keys(state.channels[channelId] ?? {});
}

export function setCall(call: OwnCall | null): void {
  set({ call, ...(call ? {} : { transmitting: false, speaking: {}, pushToTalkHeld: false }) });
}

export function setCallStatus(status: CallStatus, mode?: CallMode | null): void {
  set(({ call }) => {
    const nextMode = mode === undefined ? call?.mode ?? null : mode;
    if (!call || (call.status === status && call.mode === nextMode)) return {};
    return { call: { ...call, status, mode: nextMode } };
  });
}

export function setSpeaking(userId: string, speaking: boolean): void {
  set((state) => (Boolean(state.speaking[userId]) === speaking ? {} : { speaking: { ...state.speaking, [userId]: speaking } }));
}

export function setTransmitting(transmitting: boolean): void {
  set((state) => (state.transmitting === transmitting ? {} : { transmitting }));
}

/** Mute or unmute; unmuting while deafened un-deafens too. */
export function setMuted(muted: boolean): void {
  set((state) => (state.deafened && !muted ? { muted: false, deafened: false } : { muted }));
}

/** Deafen mutes everyone and turns the mic off; un-deafen gives the mic back as it was (spec §4). */
export function setDeafened(deafened: boolean): void {
  set((state) => {
    if (deafened === state.deafened) return {};
    return deafened ? { deafened: true, mutedBeforeDeafen: state.muted, muted: true } : { deafened: false, muted: state.mutedBeforeDeafen };
  });
}

export function setIncoming(incoming: IncomingCall | null): void {
  set({ incoming });
}

export function setVoiceError(error: string | null): void {
  set({ error });
}
