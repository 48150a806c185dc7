/**
 * The peer-to-peer side speaks simple-peer's signalling (realtime.md §4.4), against a stand-in
 * RTCPeerConnection that records what the peer asks of it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PeerSignal } from "../types";
import { MeshPeer } from "./meshPeer";

class FakeTransceiver {
  mid: string | null = "0";
  direction: RTCRtpTransceiverDirection = "recvonly";
  receiver = { track: { kind: "audio" } };
  sender = { track: null as unknown, replaceTrack: vi.fn(async (track: unknown) => void (this.sender.track = track)) };
}

class FakePeerConnection {
  static last: FakePeerConnection;
  signalingState: RTCSignalingState = "stable";
  iceConnectionState: RTCIceConnectionState = "new";
  connectionState: RTCPeerConnectionState = "new";
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  transceivers: FakeTransceiver[] = [];
  channels: string[] = [];
  candidates: RTCIceCandidateInit[] = [];
  offers: RTCOfferOptions[] = [];
  restarted = 0;
  onicecandidate: ((event: { candidate: { toJSON: () => unknown } | null }) => void) | null = null;
  onnegotiationneeded: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  ontrack: unknown = null;

  constructor() {
    FakePeerConnection.last = this;
  }
  createDataChannel(label: string) {
    this.channels.push(label);
  }
  addTransceiver() {
    this.transceivers.push(new FakeTransceiver());
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer(options: RTCOfferOptions = {}) {
    this.offers.push(options);
    return { type: "offer" as const, sdp: `offer-${this.offers.length}` };
  }
  async createAnswer() {
    return { type: "answer" as const, sdp: "answer-sdp" };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
    if (description.type === "offer") this.signalingState = "have-local-offer";
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
    if (description.type === "offer") this.transceivers.push(new FakeTransceiver());
    this.signalingState = description.type === "offer" ? "have-remote-offer" : "stable";
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  restartIce() {
    this.restarted += 1;
  }
  close() {}
}

const MIC = { kind: "audio", id: "mic" } as unknown as MediaStreamTrack;

function peer(initiator: boolean) {
  const sent: PeerSignal[] = [];
  const created = new MeshPeer("bob", initiator, [], MIC, { send: (signal) => sent.push(signal), stream: () => {}, state: () => {} });
  return { created, pc: FakePeerConnection.last, sent };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => vi.stubGlobal("RTCPeerConnection", FakePeerConnection));
afterEach(() => vi.unstubAllGlobals());

describe("a peer-to-peer peer", () => {
  it("as the one already in the call: opens a data channel, sends its microphone and offers", async () => {
    const { pc, sent } = peer(true);
    expect(pc.channels).toHaveLength(1);
    expect(pc.transceivers).toHaveLength(1);
    pc.onnegotiationneeded?.();
    await flush();
    expect(sent).toEqual([{ type: "offer", sdp: "offer-1" }]);
    pc.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: "candidate:1", sdpMid: "0", sdpMLineIndex: 0 }) } });
    expect(sent[1]).toEqual({ type: "candidate", candidate: { candidate: "candidate:1", sdpMid: "0", sdpMLineIndex: 0 } });
  });

  it("as the newcomer: holds early candidates, answers the offer with its microphone", async () => {
    const { created, pc, sent } = peer(false);
    await created.signal({ type: "candidate", candidate: { candidate: "candidate:early", sdpMid: "0", sdpMLineIndex: 0 } });
    expect(pc.candidates).toEqual([]);
    await created.signal({ type: "offer", sdp: "their-offer" });
    expect(pc.transceivers[0]!.sender.track).toBe(MIC);
    expect(pc.transceivers[0]!.direction).toBe("sendrecv");
    expect(sent).toEqual([{ type: "answer", sdp: "answer-sdp" }]);
    expect(pc.candidates.map((c) => c.candidate)).toEqual(["candidate:early"]);
  });

  it("restarts ICE: the initiator offers with new credentials, the newcomer asks it to", async () => {
    const initiator = peer(true);
    initiator.created.restartIce();
    await flush();
    expect(initiator.pc.restarted).toBe(1);
    expect(initiator.pc.offers).toEqual([{ iceRestart: true }]);

    const newcomer = peer(false);
    newcomer.created.restartIce();
    expect(newcomer.sent).toEqual([{ renegotiate: true }]);
  });

  it("answers the newcomer's renegotiate: a restart when its connection failed, else a new offer", async () => {
    const { created, pc } = peer(true);
    pc.iceConnectionState = "failed";
    await created.signal({ renegotiate: true });
    await flush();
    expect(pc.restarted).toBe(1);
    await created.signal({ type: "answer", sdp: "their-answer" });
    pc.iceConnectionState = "connected";
    await created.signal({ renegotiate: true });
    await flush();
    expect(pc.offers).toEqual([{ iceRestart: true }, { iceRestart: false }]);
  });

  it("adds what a newcomer's transceiverRequest asks for, and restarts on failure by itself", async () => {
    const { created, pc } = peer(true);
    await created.signal({ transceiverRequest: { kind: "audio", init: { direction: "sendrecv" } } });
    expect(pc.transceivers).toHaveLength(2);
    pc.connectionState = "failed";
    pc.onconnectionstatechange?.();
    await flush();
    expect(pc.restarted).toBe(1);
  });
});
