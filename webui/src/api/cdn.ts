/**
 * The Hearth CDN, spoken as the reference protocol (rest.md §13, docs/uploads.md): files are
 * served under `/cdn/`; an upload first asks for an upload token (`POST /api/cdn/token`, or
 * `POST /api/channels/:id/cdn/token` for a channel's attachments; kept 2 minutes per channel, as
 * the reference client does), then posts the file in field `f` to `/cdn/<type>/<groupId>`.
 * Third-party pictures load through `/cdn/proxy/…`, so the browser never contacts their host.
 */
import { getToken } from "../session/token";
import { request } from "./request";
import { upload, type UploadProgress } from "./upload";

export type CdnUploadType = "avatars" | "profile_banners" | "emojis" | "attachments";

export const CDN_TOKEN_CACHE_MS = 2 * 60 * 1000;

export function cdnUrl(path: string): string {
  return `/cdn/${path.replace(/^\/+/, "")}`;
}

/** `url` (http or https) through Hearth's image proxy; the last segment is a file name. */
export function proxyUrl(url: string): string {
  let name = "image";
  try {
    name = new URL(url).pathname.split("/").filter(Boolean).pop() || name;
  } catch {
    // not a URL: the server answers 400, the image shows its fallback
  }
  return `/cdn/proxy/${encodeURIComponent(url)}/${encodeURIComponent(name.slice(-100))}`;
}

const tokens = new Map<string, { token: string; expiresAt: number }>();

/** An upload token for the signed-in session (bound to `channelId` when given), from the cache if fresh. */
export async function cdnToken(channelId?: string, now: () => number = Date.now): Promise<string> {
  const key = `${getToken() ?? ""}\n${channelId ?? ""}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > now()) return cached.token;
  const path = channelId ? `/channels/${encodeURIComponent(channelId)}/cdn/token` : "/cdn/token";
  const { token } = await request<{ token: string }>({ method: "POST", path });
  tokens.set(key, { token, expiresAt: now() + CDN_TOKEN_CACHE_MS });
  return token;
}

export function forgetCdnTokens(): void {
  tokens.clear();
}

export interface CdnUpload {
  type: CdnUploadType;
  /** The user's id or a server's for avatars and banners, the channel's for attachments; none for emojis. */
  groupId?: string;
  /** Attachments of a channel use that channel's token. */
  channelId?: string;
  file: File;
  /** Crop of an avatar or banner: `[x1, y1, x2, y2]` in pixels of the picture. */
  points?: [number, number, number, number];
  onProgress?: (progress: UploadProgress) => void;
}

/** The one upload path: token, then the multipart POST with progress. Resolves with the file id. */
export async function uploadToCdn({ type, groupId, channelId, file, points, onProgress }: CdnUpload): Promise<{ fileId: string }> {
  const token = await cdnToken(channelId);
  const query = points ? `?points=${encodeURIComponent(JSON.stringify(points))}` : "";
  try {
    return await upload<{ fileId: string }>({
      url: `/cdn/${type}/${groupId ? encodeURIComponent(groupId) : ""}${query}`,
      headers: { Authorization: token },
      file,
      onProgress,
    });
  } catch (error) {
    forgetCdnTokens(); // the token may be what failed (signed out elsewhere): the next try asks anew
    throw error;
  }
}
