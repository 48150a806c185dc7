/**
 * This client's call, from the join to the leave (realtime.md §6 and Hearth's own events):
 *
 * - join: the microphone first (joining muted, spec §4), then `POST …/voice/join` with this
 *   socket's id; the server answers on this socket with `voice:session {channelId, mode}`.
 * - peer-to-peer: whoever was there first offers to whoever joins (`MeshPeer`); server-side: one
 *   connection to the server (`ServerLink`). `voice:call_mode` switches between them mid-call.
 * - staying connected: a lost socket shows "reconnecting"; once the socket is back the call is
 *   joined again from the new socket (the server keeps a server-side connection meanwhile, which
 *   `voice:media_resume` takes back); a broken media connection restarts ICE (peer-to-peer) or is
 *   replaced (server-side); a page reload within two minutes rejoins the call it was in.
 * - every 50 ms: voice activity / push-to-talk decide whether the microphone sends, and the level
 *   of every stream tells who is speaking.
 */
import { getSocketId } from "@hearth/socket/socketClient";
import { useSocketStore } from "@hearth/socket/socketStore";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { loadKeyboardLayout, reloadCallSettings, thresholdFor, useCallSettings } from "../callSettings";
import { t } from "../i18n";
import type { CallMode, PeerSignal, SignalReceived, VoiceChannelUser, VoiceSession } from "../types";
import { iceServers, joinVoice, leaveVoice } from "../voiceApi";
import {
  participantsOf,
  setCall,
  setCallStatus,
  setIncoming,
  setMuted,
  setSpeaking,
  setTransmitting,
  setVoiceError,
  useVoiceStore,
} from "../voiceStore";
import { setAudioOutput, wakeAudio } from "./audioGraph";
import { MeshPeer } from "./meshPeer";
import { Microphone } from "./microphone";
import { RemoteAudio } from "./remoteAudio";
import { LAST_CALL_KEY } from "./calls";
import { incomingRing, ringback } from "./ringtone";
import { ServerLink } from "./serverLink";
import { isPushToTalkButton, isPushToTalkKey, shouldTransmit, VoiceGate } from "./voiceActivity";

const TICK_MS = 50;
const PTT_RELEASE_MS = 200; // keep sending a moment after the key comes up: the last syllable
const RING_FOR_MS = 45_000;
const REJOIN_AFTER_RELOAD_MS = 120_000;
const SETTING_KEYS = new Set(["voiceInputMode", "pttKeys", "voiceSensitivity", "voiceInputDevice", "voiceOutputDevice"]);
const MAX_MEDIA_RETRIES = 5;

type Emit = (event: string, payload: unknown) => void;

function errorMessage(error: unknown): string {
  return (error as { message?: string })?.message ?? String(error);
}

export class CallEngine {
  private channelId: string | null = null;
  private serverId: string | undefined;
  private mode: CallMode | null = null;
  private slots = 3;
  private iceServers: RTCIceServer[] = [];
  private readonly mic = new Microphone();
  private readonly remote = new RemoteAudio();
  private readonly gate = new VoiceGate(300);
  private readonly peers = new Map<string, MeshPeer>();
  private link: ServerLink | null = null;
  private slotUsers: (string | null)[] = [];
  private mediaRetries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private rejoinAfterReconnect = false;
  private sentTrack: MediaStreamTrack | null | undefined = undefined;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private pttReleaseTimer: ReturnType<typeof setTimeout> | null = null;
  private ringTimer: ReturnType<typeof setTimeout> | null = null;
  private declined = new Set<string>();
  private reloadChecked = false;
  private callingSince: number | null = null;

  constructor(private readonly emit: Emit) {}

  /** Wires the engine to the stores and the keyboard; once, when the bundle loads. */
  install(): void {
    useSocketStore.subscribe((socket, before) => {
      if (before.connected && !socket.connected && this.channelId) {
        this.rejoinAfterReconnect = true;
        setCallStatus("reconnecting");
      }
    });
    useSelfUserStore.subscribe((self, before) => {
      // signed out (or the session ended): the call ends with it, microphone included
      if (before.user && !self.user && this.channelId) this.endLocally();
    });
    useVoiceStore.subscribe((state, before) => {
      if (state.deafened !== before.deafened) this.remote.setMuted(state.deafened);
      if (Boolean(state.incoming) !== Boolean(before.incoming)) {
        if (state.incoming) incomingRing.start();
        else incomingRing.stop();
      }
    });
    this.applyOutput(useCallSettings.getState().outputDevice);
    useCallSettings.subscribe((settings, before) => {
      if (settings.inputDevice !== before.inputDevice && this.channelId) void this.switchMicrophone();
      if (settings.outputDevice !== before.outputDevice) this.applyOutput(settings.outputDevice);
    });
    window.addEventListener("storage", (event) => {
      if (event.key && SETTING_KEYS.has(event.key)) reloadCallSettings(); // changed in another tab
    });
    void loadKeyboardLayout();
    // capture: the key is the call's, not a character for whatever would take it (the composer
    // focuses itself on typing)
    window.addEventListener("keydown", (event) => this.pushToTalk(event, true), { capture: true });
    window.addEventListener("keyup", (event) => this.pushToTalk(event, false), { capture: true });
    window.addEventListener("mousedown", (event) => this.pushToTalkButton(event, true), { capture: true });
    window.addEventListener("mouseup", (event) => this.pushToTalkButton(event, false), { capture: true });
    window.addEventListener("auxclick", (event) => this.pushToTalkButton(event, null), { capture: true });
    window.addEventListener("blur", () => this.releasePushToTalk());
    window.addEventListener("online", () => this.networkChanged());
    window.addEventListener("beforeunload", () => this.rememberForReload());
  }

  get currentChannelId(): string | null {
    return this.channelId;
  }

  /** The microphone's level now (dBFS), while in a call. */
  micLevel(): number | null {
    return this.mic.track ? this.mic.level() : null;
  }

  // --- joining and leaving ---------------------------------------------------------------
  async join(channelId: string, serverId?: string): Promise<void> {
    wakeAudio();
    if (this.channelId === channelId && useVoiceStore.getState().call) return;
    this.declined.add(channelId); // a call one joins never rings
    if (useVoiceStore.getState().incoming?.channelId === channelId) setIncoming(null);
    const previous = this.channelId;
    this.teardownMedia();
    this.channelId = channelId;
    this.serverId = serverId;
    this.mode = null;
    setVoiceError(null);
    setCall({ channelId, serverId, status: "joining", mode: null });
    if (!previous) setMuted(true); // spec §4: the mic is muted by default on join
    if (!this.mic.track) {
      try {
        await this.mic.open(useCallSettings.getState().inputDevice);
      } catch {
        setVoiceError(t("errors.microphone"));
      }
    }
    this.iceServers = await iceServers();
    this.startTicker();
    await this.sendJoin(channelId);
  }

  private async sendJoin(channelId: string): Promise<void> {
    const socketId = getSocketId();
    try {
      if (!socketId) throw new Error(t("status.reconnecting"));
      await joinVoice(channelId, socketId);
    } catch (error) {
      if (this.channelId !== channelId) return;
      this.endLocally();
      setVoiceError(t("errors.join", { message: errorMessage(error) }));
    }
  }

  async leave(): Promise<void> {
    const channelId = this.channelId;
    this.endLocally();
    if (channelId) await leaveVoice(channelId).catch(() => undefined);
  }

  private endLocally(): void {
    this.teardownMedia();
    this.mic.close();
    this.remote.clear();
    this.stopTicker();
    ringback.stop();
    this.channelId = null;
    this.mode = null;
    this.rejoinAfterReconnect = false;
    sessionStorage.removeItem(LAST_CALL_KEY);
    setCall(null);
  }

  private teardownMedia(): void {
    for (const peer of this.peers.values()) peer.close();
    this.peers.clear();
    this.link?.close();
    this.link = null;
    this.slotUsers = [];
    this.sentTrack = undefined;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.remote.clear();
  }

  // --- what the server says ------------------------------------------------------------
  /** `voice:session` on this socket. */
  session(session: VoiceSession): void {
    if (session.channelId === null) {
      if (this.channelId && !this.rejoinAfterReconnect) this.endLocally();
      return;
    }
    if (session.channelId !== this.channelId) return;
    this.rejoinAfterReconnect = false;
    this.slots = session.slots ?? this.slots;
    const resuming = session.mode === "server" && this.mode === "server" && this.link?.alive;
    this.mode = session.mode;
    setCallStatus("connecting", session.mode);
    if (resuming) this.emit("voice:media_resume", { channelId: this.channelId });
    else this.startMedia();
  }

  /** `voice:call_mode`: the call grew into server-side media, or went back to peer-to-peer. */
  callMode({ channelId, mode, slots }: { channelId: string; mode: CallMode; slots?: number }): void {
    if (channelId !== this.channelId || mode === this.mode || this.mode === null) return;
    this.mode = mode;
    this.slots = slots ?? this.slots;
    setCallStatus("connecting", mode);
    this.startMedia();
  }

  private startMedia(): void {
    for (const peer of this.peers.values()) peer.close();
    this.peers.clear();
    this.link?.close();
    this.link = null;
    this.remote.clear();
    this.sentTrack = undefined;
    this.mediaRetries = 0;
    // peer-to-peer: those already in the call offer to us (realtime.md §6 step 3); we wait
    if (this.mode === "server") this.connectToServer();
    this.updateStatus();
  }

  private connectToServer(): void {
    const channelId = this.channelId;
    if (!channelId) return;
    this.link?.close();
    const link = new ServerLink(this.slots, this.iceServers, this.mic.track, {
      offer: (sdp) => this.emit("voice:media_offer", { channelId, sdp }),
      stream: (slot, stream) => this.remote.attach(`slot:${slot}`, stream),
      state: (state) => {
        if (link !== this.link) return;
        if (state === "failed" || state === "closed") this.retryServer();
        this.updateStatus();
      },
    });
    this.link = link;
    this.sentTrack = this.mic.track;
    void link.start().catch(() => this.retryServer());
  }

  /** The server-side connection broke (or was refused): a new one, backing off. */
  private retryServer(): void {
    if (this.mode !== "server" || this.retryTimer || !this.channelId) return;
    if (this.mediaRetries >= MAX_MEDIA_RETRIES) {
      setVoiceError(t("errors.media"));
      return;
    }
    const delay = 500 * 2 ** this.mediaRetries++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connectToServer();
    }, delay);
  }

  mediaAnswer({ channelId, sdp }: { channelId: string; sdp: string }): void {
    if (channelId === this.channelId) void this.link?.answered(sdp).catch(() => this.retryServer());
  }

  mediaResumed({ channelId, ok }: { channelId: string; ok: boolean }): void {
    if (channelId !== this.channelId) return;
    if (ok) this.updateStatus();
    else this.connectToServer();
  }

  mediaFailed({ channelId }: { channelId: string }): void {
    if (channelId !== this.channelId) return;
    this.link?.close();
    this.link = null;
    this.retryServer();
  }

  mediaSlots({ channelId, slots }: { channelId: string; slots: (string | null)[] }): void {
    if (channelId === this.channelId) this.slotUsers = slots;
  }

  userJoined(user: VoiceChannelUser): void {
    const selfId = useSelfUserStore.getState().user?.id;
    if (user.userId === selfId) return;
    if (user.channelId === this.channelId) {
      ringback.stop();
      // we were here first: we offer to the newcomer
      if (this.mode === "p2p") this.addPeer(user.userId, true);
      this.updateStatus();
      return;
    }
    // someone calls us in a DM: ring, unless we are in a call or said no to this one
    const state = useVoiceStore.getState();
    const dmCall = !user.serverId && participantsOf(state, user.channelId).length === 1;
    if (dmCall && !this.channelId && !this.declined.has(user.channelId) && !state.incoming) {
      setIncoming({ channelId: user.channelId, callerId: user.userId });
      if (this.ringTimer) clearTimeout(this.ringTimer);
      this.ringTimer = setTimeout(() => {
        if (useVoiceStore.getState().incoming?.channelId === user.channelId) this.decline();
      }, RING_FOR_MS);
    }
  }

  userLeft({ userId, channelId }: { userId: string; channelId: string }): void {
    if (channelId !== this.channelId) {
      if (participantsOf(useVoiceStore.getState(), channelId).length === 0) this.declined.delete(channelId);
      return;
    }
    const peer = this.peers.get(userId);
    if (peer) {
      peer.close();
      this.peers.delete(userId);
      this.remote.detach(userId);
    }
    this.updateStatus();
  }

  signal({ fromUserId, signal }: SignalReceived): void {
    if (!this.channelId || this.mode !== "p2p") return;
    // the first signal from someone is their offer: they were here first (realtime.md §6)
    const peer = this.peers.get(fromUserId) ?? this.addPeer(fromUserId, false);
    void peer.signal(signal).catch(() => undefined);
  }

  private addPeer(userId: string, initiator: boolean): MeshPeer {
    this.peers.get(userId)?.close();
    const channelId = this.channelId;
    const track = this.mic.track;
    const peer = new MeshPeer(userId, initiator, this.iceServers, track, {
      send: (signal: PeerSignal) => this.emit("voice:signal_send", { channelId, toUserId: userId, signal }),
      stream: (stream) => this.remote.attach(userId, stream),
      state: () => this.updateStatus(),
    });
    this.peers.set(userId, peer);
    return peer;
  }

  /** The socket is authenticated again (after a reconnect, or on page load). */
  authenticated(): void {
    if (this.rejoinAfterReconnect && this.channelId) {
      void this.sendJoin(this.channelId);
      return;
    }
    if (this.reloadChecked) return;
    this.reloadChecked = true;
    const saved = sessionStorage.getItem(LAST_CALL_KEY);
    sessionStorage.removeItem(LAST_CALL_KEY);
    if (!saved || this.channelId) return;
    try {
      const { channelId, serverId, at } = JSON.parse(saved) as { channelId: string; serverId?: string; at: number };
      if (Date.now() - at < REJOIN_AFTER_RELOAD_MS) void this.join(channelId, serverId);
    } catch {
      // an unreadable note: no call to rejoin
    }
  }

  private rememberForReload(): void {
    if (this.channelId) {
      sessionStorage.setItem(LAST_CALL_KEY, JSON.stringify({ channelId: this.channelId, serverId: this.serverId, at: Date.now() }));
    }
  }

  private networkChanged(): void {
    for (const peer of this.peers.values()) if (!peer.connected) peer.restartIce();
    if (this.link && this.link.pc.connectionState !== "connected") this.connectToServer();
  }

  // --- status, ringing ------------------------------------------------------------------
  private updateStatus(): void {
    const call = useVoiceStore.getState().call;
    if (!call || !this.channelId || call.status === "reconnecting" || call.status === "joining") return;
    const selfId = useSelfUserStore.getState().user?.id;
    const others = participantsOf(useVoiceStore.getState(), this.channelId).filter((id) => id !== selfId);
    let connected: boolean;
    if (this.mode === "server") connected = this.link?.pc.connectionState === "connected";
    else connected = others.length === 0 || [...this.peers.values()].some((peer) => peer.connected);
    setCallStatus(connected ? "connected" : "connecting");
    // a DM call nobody else has joined yet: the caller hears it ring, for a while
    const calling = !this.serverId && others.length === 0 && connected;
    if (!calling) this.callingSince = null;
    else this.callingSince ??= Date.now();
    if (calling && Date.now() - (this.callingSince ?? 0) < RING_FOR_MS) ringback.start();
    else ringback.stop();
  }

  accept(): void {
    const incoming = useVoiceStore.getState().incoming;
    if (!incoming) return;
    setIncoming(null);
    void this.join(incoming.channelId);
  }

  decline(): void {
    const incoming = useVoiceStore.getState().incoming;
    if (incoming) this.declined.add(incoming.channelId);
    if (this.ringTimer) clearTimeout(this.ringTimer);
    setIncoming(null);
  }

  // --- the microphone and who speaks ------------------------------------------------------
  private startTicker(): void {
    if (!this.ticker) this.ticker = setInterval(() => this.tick(), TICK_MS);
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    setTransmitting(false);
  }

  private tick(): void {
    const now = performance.now();
    const settings = useCallSettings.getState();
    const state = useVoiceStore.getState();
    const threshold = thresholdFor(settings.sensitivity);
    const level = this.mic.level();
    const voiceOpen = this.gate.update(level, threshold, now);
    const transmit = Boolean(this.mic.track) && shouldTransmit({
      mode: settings.inputMode, muted: state.muted, deafened: state.deafened,
      pushToTalkHeld: state.pushToTalkHeld, voiceOpen,
    });
    this.applyTransmit(transmit);
    const selfId = useSelfUserStore.getState().user?.id;
    if (selfId) setSpeaking(selfId, transmit && level >= threshold - 6);
    for (const [key, speaking] of this.remote.speaking(now)) {
      const userId = key.startsWith("slot:") ? this.slotUsers[Number(key.slice(5))] : key;
      if (userId) setSpeaking(userId, speaking);
    }
    if (this.mode === "server" || this.peers.size) this.updateStatus();
  }

  private applyTransmit(transmit: boolean): void {
    setTransmitting(transmit);
    const track = this.mic.track;
    if (track) track.enabled = transmit;
    // server-side: stop sending altogether, so the server has nothing to forward
    const wanted = transmit ? track : null;
    if (this.link && this.sentTrack !== wanted) {
      this.sentTrack = wanted;
      void this.link.setTrack(wanted);
    }
  }

  private async switchMicrophone(): Promise<void> {
    try {
      const track = await this.mic.open(useCallSettings.getState().inputDevice);
      // a new track starts enabled: until the next tick it would send what push-to-talk or mute holds back
      track.enabled = useVoiceStore.getState().transmitting;
      for (const peer of this.peers.values()) await peer.setTrack(track);
      this.sentTrack = undefined;
      setVoiceError(null);
    } catch {
      setVoiceError(t("errors.microphone"));
    }
  }

  private pushToTalk(event: KeyboardEvent, down: boolean): void {
    const settings = useCallSettings.getState();
    if (settings.inputMode !== "PUSH_TO_TALK" || !this.channelId || !isPushToTalkKey(event, settings.pttKeys)) return;
    event.preventDefault();
    event.stopPropagation();
    this.holdPushToTalk(down);
  }

  /** A mouse button bound to push-to-talk; `null`: its auxclick, whose navigation (back, forward) is stopped. */
  private pushToTalkButton(event: MouseEvent, down: boolean | null): void {
    const settings = useCallSettings.getState();
    if (settings.inputMode !== "PUSH_TO_TALK" || !this.channelId || !isPushToTalkButton(event.button, settings.pttKeys)) return;
    event.preventDefault();
    if (down === null) return;
    this.holdPushToTalk(down);
  }

  private holdPushToTalk(down: boolean): void {
    if (down) {
      if (this.pttReleaseTimer) clearTimeout(this.pttReleaseTimer);
      this.pttReleaseTimer = null;
      useVoiceStore.setState({ pushToTalkHeld: true });
    } else {
      this.releasePushToTalk(PTT_RELEASE_MS);
    }
  }

  private applyOutput(deviceId: string | null): void {
    this.remote.setOutput(deviceId);
    setAudioOutput(deviceId);
  }

  private releasePushToTalk(after = 0): void {
    if (this.pttReleaseTimer) clearTimeout(this.pttReleaseTimer);
    this.pttReleaseTimer = setTimeout(() => useVoiceStore.setState({ pushToTalkHeld: false }), after);
  }
}
