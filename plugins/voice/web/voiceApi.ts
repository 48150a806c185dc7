/** The voice routes (rest.md §3.22–3.24). */
import { request } from "@hearth/api/request";

export async function joinVoice(channelId: string, socketId: string): Promise<void> {
  // serverMedia: this client can follow a call that grows into server-side media (a Hearth extension)
  await request({ method: "POST", path: `/channels/${encodeURIComponent(channelId)}/voice/join`, body: { socketId, serverMedia: true } });
}

export async function leaveVoice(channelId: string): Promise<void> {
  await request({ method: "POST", path: `/channels/${encodeURIComponent(channelId)}/voice/leave` });
}

const ICE_CACHE_MS = 60 * 60 * 1000; // spec §9: the relay configuration is cached for 1 hour
let cached: { at: number; servers: RTCIceServer[] } | null = null;

/** The ICE servers for a call, used as the protocol's web client uses them: the server's one
 * answer (the configured servers with TURN credentials, or, with nothing configured, a STUN entry
 * that leads nowhere, so host candidates only). */
export async function iceServers(): Promise<RTCIceServer[]> {
  if (cached && Date.now() - cached.at < ICE_CACHE_MS) return cached.servers;
  try {
    const { result } = await request<{ result: RTCIceServer }>({ method: "POST", path: "/voice/generate" });
    cached = { at: Date.now(), servers: [result] };
  } catch {
    // too many asks (429) or no answer: host candidates for now, ask again in a minute
    cached = { at: Date.now() - ICE_CACHE_MS + 60_000, servers: [] };
  }
  return cached.servers;
}
