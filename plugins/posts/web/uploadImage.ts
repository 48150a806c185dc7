/**
 * How the composer uploads a post's picture: through the shell's one CDN upload path (token,
 * then multipart `f` with progress). Posts take images uploaded as attachments with groupId =
 * the author's id (rest.md §7.7, §13); the returned `fileId` is sent as `nerimityCdnFileId`.
 */
import { uploadToCdn } from "@hearth/api/cdn";
import type { UploadProgress } from "@hearth/api/upload";

export function uploadPostImage(file: File, userId: string, onProgress: (progress: UploadProgress) => void) {
  return uploadToCdn({ type: "attachments", groupId: userId, file, onProgress });
}
