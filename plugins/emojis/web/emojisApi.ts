/** `/servers/:serverId/emojis` (rest.md §4.8). */
import { uploadToCdn } from "@hearth/api/cdn";
import { request } from "@hearth/api/request";
import type { UploadProgress } from "@hearth/api/upload";
import type { CustomEmojiRow, ListedEmoji } from "./types";

const base = (serverId: string) => `/servers/${encodeURIComponent(serverId)}/emojis`;

export function fetchEmojis(serverId: string): Promise<ListedEmoji[]> {
  return request({ method: "GET", path: base(serverId) });
}

/** Uploads the picture to the CDN (type `emojis`), then adds it to the server. */
export async function addEmoji(serverId: string, file: File, name: string, onProgress?: (progress: UploadProgress) => void): Promise<CustomEmojiRow> {
  const { fileId } = await uploadToCdn({ type: "emojis", file, onProgress });
  return request({ method: "POST", path: base(serverId), body: { name, fileId } });
}

export function renameEmoji(serverId: string, emojiId: string, name: string): Promise<CustomEmojiRow> {
  return request({ method: "POST", path: `${base(serverId)}/${encodeURIComponent(emojiId)}`, body: { name } });
}

export function deleteEmoji(serverId: string, emojiId: string): Promise<unknown> {
  return request({ method: "DELETE", path: `${base(serverId)}/${encodeURIComponent(emojiId)}` });
}
