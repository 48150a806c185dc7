/**
 * The call engine as the rest of the bundle reaches it at start-up: its code (WebRTC peers,
 * server media, audio) loads the first time a call starts, rings or is rejoined, not on every page.
 * Events that only matter during a call go to the engine once it is loaded (or loading, in order)
 * and are dropped before: without the engine there is no call for them to concern.
 */
import type { CallEngine } from "./callEngine";
import type { VoiceChannelUser } from "../types";

/** Where the engine keeps the call to rejoin after a reload (callEngine.ts writes it). */
export const LAST_CALL_KEY = "hearth.voice.lastCall";

let engine: Promise<CallEngine> | null = null;

function load(): Promise<CallEngine> {
  engine ??= import("./instance").then(({ callEngine }) => {
    callEngine.install();
    return callEngine;
  });
  return engine;
}

/** Runs `use` on the engine, loading it first. */
export function withEngine<T>(use: (loaded: CallEngine) => T): Promise<T> {
  return load().then(use);
}

/** Runs `use` on the engine only if it is loaded or loading. */
export function ifEngineLoaded(use: (loaded: CallEngine) => void): void {
  void engine?.then(use);
}

export const calls = {
  join: (channelId: string, serverId?: string) => withEngine((loaded) => loaded.join(channelId, serverId)),
  leave: () => withEngine((loaded) => loaded.leave()),
  /** After each authentication: a call to rejoin after a reload needs the engine now. */
  authenticated: () => (sessionStorage.getItem(LAST_CALL_KEY) ? void withEngine((loaded) => loaded.authenticated()) : ifEngineLoaded((loaded) => loaded.authenticated())),
  /** Someone joined a call: in a DM it may ring for us, which needs the engine. */
  userJoined: (user: VoiceChannelUser) => (user.serverId ? ifEngineLoaded((loaded) => loaded.userJoined(user)) : void withEngine((loaded) => loaded.userJoined(user))),
};
