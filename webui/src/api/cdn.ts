/** The Hearth CDN: uploads go through `/api/cdn/upload`, files are served under `/cdn/`. */
import { upload, type UploadProgress } from "./upload";

export type CdnUploadType = "avatars" | "profile_banners" | "emojis" | "attachments";

export interface CdnFile {
  fileId: string;
  path: string;
}

export function cdnUrl(path: string): string {
  return `/cdn/${path.replace(/^\/+/, "")}`;
}

export function uploadImage(file: File, type: CdnUploadType, onProgress?: (progress: UploadProgress) => void): Promise<CdnFile> {
  return upload<CdnFile>({ path: "/cdn/upload", query: { image: true, type }, file, onProgress });
}
