/**
 * One peer of a peer-to-peer call, speaking simple-peer's signalling (realtime.md §4.4) so that
 * the protocol's own clients are peers like any other: whoever was in the call first is the
 * initiator (it offers, and opens a data channel as simple-peer initiators do); candidates trickle
 * as `{type: "candidate", candidate}`; a non-initiator asks with `{renegotiate: true}` or
 * `{transceiverRequest}`. On a failed or stalled connection the initiator restarts ICE (the
 * non-initiator asks it to).
 */
import type { PeerSignal } from "../types";

const STALL_MS = 4000; // "disconnected" this long: restart ICE rather than wait for "failed"

export type PeerState = "connecting" | "connected" | "failed";

export interface PeerCallbacks {
  send: (signal: PeerSignal) => void;
  stream: (stream: MediaStream) => void;
  state: (state: PeerState) => void;
}

export class MeshPeer {
  readonly pc: RTCPeerConnection;
  private readonly pending: RTCIceCandidateInit[] = [];
  private offering = false;
  private offerAgain = false;
  private stallTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    readonly userId: string,
    readonly initiator: boolean,
    iceServers: RTCIceServer[],
    private track: MediaStreamTrack | null,
    private readonly on: PeerCallbacks,
  ) {
    this.pc = new RTCPeerConnection({ iceServers });
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.on.send({ type: "candidate", candidate: candidate.toJSON() as { candidate: string } });
    };
    this.pc.ontrack = (event) => this.on.stream(event.streams[0] ?? new MediaStream([event.track]));
    this.pc.onconnectionstatechange = () => this.stateChanged();
    if (initiator) {
      this.pc.createDataChannel(`hearth-${Math.random().toString(36).slice(2, 10)}`);
      this.pc.addTransceiver(track ?? "audio", { direction: "sendrecv" });
      this.pc.onnegotiationneeded = () => void this.offer();
    }
  }

  async signal(signal: PeerSignal): Promise<void> {
    if (this.closed) return;
    if ("renegotiate" in signal) {
      if (this.initiator) this.restartOrOffer();
      return;
    }
    if ("transceiverRequest" in signal) {
      if (this.initiator) this.pc.addTransceiver(signal.transceiverRequest.kind, signal.transceiverRequest.init ?? {});
      return;
    }
    if (signal.type === "candidate") {
      if (this.pc.remoteDescription) await this.pc.addIceCandidate(signal.candidate).catch(() => undefined);
      else this.pending.push(signal.candidate);
      return;
    }
    if (signal.type === "offer") {
      if (this.initiator) return; // both offering cannot happen: only initiators offer
      await this.pc.setRemoteDescription({ type: "offer", sdp: signal.sdp });
      await this.attachTrackToOffer();
      await this.pc.setLocalDescription(await this.pc.createAnswer());
      this.on.send({ type: "answer", sdp: this.pc.localDescription?.sdp ?? "" });
    } else {
      if (!this.initiator) return;
      await this.pc.setRemoteDescription({ type: "answer", sdp: signal.sdp });
      this.offering = false;
      if (this.offerAgain) {
        this.offerAgain = false;
        void this.offer();
      }
    }
    for (const candidate of this.pending.splice(0)) await this.pc.addIceCandidate(candidate).catch(() => undefined);
  }

  /** Our microphone into the audio line the initiator offered; if it offered none, ask for one. */
  private async attachTrackToOffer(): Promise<void> {
    const audio = this.pc.getTransceivers().find((t) => t.receiver.track.kind === "audio" && t.mid !== null);
    if (!audio) {
      if (this.track) this.on.send({ transceiverRequest: { kind: "audio", init: { direction: "sendrecv" } } });
      return;
    }
    if (this.track && audio.sender.track !== this.track) await audio.sender.replaceTrack(this.track);
    if (this.track) audio.direction = "sendrecv";
  }

  private async offer(iceRestart = false): Promise<void> {
    if (this.closed) return;
    if (this.offering || this.pc.signalingState !== "stable") {
      this.offerAgain = true;
      return;
    }
    this.offering = true;
    try {
      await this.pc.setLocalDescription(await this.pc.createOffer({ iceRestart }));
      this.on.send({ type: "offer", sdp: this.pc.localDescription?.sdp ?? "" });
    } catch {
      this.offering = false;
    }
  }

  private restartOrOffer(): void {
    const ice = this.pc.iceConnectionState;
    if (ice === "failed" || ice === "disconnected") this.restartIce();
    else void this.offer();
  }

  /** After a network change or a failure: new ICE credentials and candidates, same call. */
  restartIce(): void {
    if (this.closed) return;
    if (this.initiator) {
      this.pc.restartIce();
      void this.offer(true);
    } else {
      this.on.send({ renegotiate: true });
    }
  }

  async setTrack(track: MediaStreamTrack | null): Promise<void> {
    this.track = track;
    const audio = this.pc.getTransceivers().find((t) => t.receiver.track.kind === "audio" && t.mid !== null);
    if (audio && audio.sender.track !== track) await audio.sender.replaceTrack(track).catch(() => undefined);
  }

  private stateChanged(): void {
    const state = this.pc.connectionState;
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.stallTimer = null;
    if (state === "connected") this.on.state("connected");
    else if (state === "failed") {
      this.on.state("failed");
      this.restartIce();
    } else if (state === "disconnected") {
      this.on.state("connecting");
      this.stallTimer = setTimeout(() => this.restartIce(), STALL_MS);
    }
  }

  get connected(): boolean {
    return this.pc.connectionState === "connected";
  }

  close(): void {
    this.closed = true;
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.pc.close();
  }
}
