/**
 * The one connection to the server in a server-side call (plugins/voice/README.md): the first
 * audio line sends the microphone and receives slot 0, the others only receive; which user each
 * slot carries comes with `voice:media_slots`. The offer goes out once its candidates are gathered
 * (the server's engine does not trickle). The server cannot restart ICE on a live connection, so
 * after a network change the call replaces the whole connection with a new offer.
 */
const GATHER_MS = 2500;

export interface LinkCallbacks {
  offer: (sdp: string) => void;
  stream: (slot: number, stream: MediaStream) => void;
  state: (state: RTCPeerConnectionState) => void;
}

export class ServerLink {
  readonly pc: RTCPeerConnection;
  private readonly microphone: RTCRtpTransceiver;

  constructor(
    slots: number,
    iceServers: RTCIceServer[],
    track: MediaStreamTrack | null,
    private readonly on: LinkCallbacks,
  ) {
    this.pc = new RTCPeerConnection({ iceServers });
    this.microphone = this.pc.addTransceiver("audio", { direction: "sendrecv" });
    if (track) void this.microphone.sender.replaceTrack(track);
    for (let slot = 1; slot < Math.max(1, slots); slot++) this.pc.addTransceiver("audio", { direction: "recvonly" });
    this.pc.ontrack = (event) => {
      const slot = this.pc.getTransceivers().indexOf(event.transceiver);
      if (slot >= 0) this.on.stream(slot, new MediaStream([event.track]));
    };
    this.pc.onconnectionstatechange = () => this.on.state(this.pc.connectionState);
  }

  async start(): Promise<void> {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await this.gathered();
    this.on.offer(this.pc.localDescription?.sdp ?? "");
  }

  private gathered(): Promise<void> {
    if (this.pc.iceGatheringState === "complete") return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, GATHER_MS);
      this.pc.addEventListener("icegatheringstatechange", () => {
        if (this.pc.iceGatheringState === "complete") {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  async answered(sdp: string): Promise<void> {
    if (this.pc.signalingState === "have-local-offer") await this.pc.setRemoteDescription({ type: "answer", sdp });
  }

  /** null stops sending altogether (muted, or nobody talking): the server then forwards nothing. */
  async setTrack(track: MediaStreamTrack | null): Promise<void> {
    if (this.microphone.sender.track !== track) await this.microphone.sender.replaceTrack(track).catch(() => undefined);
  }

  get alive(): boolean {
    return ["new", "connecting", "connected"].includes(this.pc.connectionState);
  }

  close(): void {
    this.pc.close();
  }
}
