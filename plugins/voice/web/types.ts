/** Wire shapes of voice (realtime.md §3.4 `voiceChannelUsers`, §5.6) and Hearth's own voice events. */

export interface VoiceChannelUser {
  userId: string;
  channelId: string;
  serverId?: string;
}

export type CallMode = "p2p" | "server";

/** `voice:session` on this socket: the call this socket holds, or none any more. */
export type VoiceSession =
  | { channelId: string; mode: CallMode; slots?: number }
  | { channelId: null; reason: "left" | "disconnected" | "elsewhere" | "removed" };

/** simple-peer's signalling blobs (realtime.md §4.4), which the protocol's clients send. */
export type PeerSignal =
  | { type: "offer" | "answer"; sdp: string }
  | { type: "candidate"; candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } }
  | { renegotiate: true }
  | { transceiverRequest: { kind: string; init?: RTCRtpTransceiverInit } };

export interface SignalReceived {
  fromUserId: string;
  channelId: string;
  signal: PeerSignal;
}
