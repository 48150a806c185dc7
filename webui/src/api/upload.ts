/**
 * Multipart upload through XMLHttpRequest, which (unlike fetch) reports upload progress.
 * Uploads bypass the one-at-a-time queue so a large file does not hold up other calls.
 */
import { errorFromResponse, networkError } from "./requestErrors";

export interface UploadProgress {
  /** 0–100, whole numbers. */
  percent: number;
  /** Average bytes per second since the upload started. */
  bytesPerSecond: number;
}

export interface UploadOptions {
  /** The full path to POST to, query included (e.g. `/cdn/avatars/123?points=…`). */
  url: string;
  headers?: Record<string, string>;
  file: Blob;
  fileName?: string;
  /** Multipart field holding the file (the CDN expects `f`). */
  fieldName?: string;
  onProgress?: (progress: UploadProgress) => void;
}

export function measureProgress(loaded: number, total: number, elapsedMs: number): UploadProgress {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  const bytesPerSecond = elapsedMs > 0 ? Math.round((loaded / elapsedMs) * 1000) : 0;
  return { percent, bytesPerSecond };
}

export function upload<T>({ url, headers = {}, file, fileName, fieldName = "f", onProgress }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const startedAt = performance.now();

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress?.(measureProgress(event.loaded, event.total, performance.now() - startedAt));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(errorFromResponse(xhr.status, xhr.responseText));
        }
        return;
      }
      reject(errorFromResponse(xhr.status, xhr.responseText));
    };

    const form = new FormData();
    form.append(fieldName, file, fileName ?? (file instanceof File ? file.name : "file"));
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.send(form);
  });
}
