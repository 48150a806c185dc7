/** `/api/data-exports` (docs/protocol-extensions.md, "Download your data"); requests name the
 * `data_export` feature through the bundle's `socketFeatures`. */
import { request } from "@hearth/api/request";

export type ExportStatus = "queued" | "running" | "ready" | "failed" | "expired";

export interface DataExport {
  id: string;
  status: ExportStatus;
  partsDone: number;
  partsTotal: number;
  rowsDone: number;
  size: number | null;
  error: string | null;
  requestedAt: number;
  finishedAt: number | null;
  expiresAt: number | null;
}

export interface ExportState {
  export: DataExport | null;
  nextAllowedAt: number | null;
}

export const FEATURE = "data_export";

export function getExportState(): Promise<ExportState> {
  return request<ExportState>({ path: "/data-exports", features: [FEATURE] });
}

export function requestExport(): Promise<ExportState> {
  return request<ExportState>({ method: "POST", path: "/data-exports", features: [FEATURE] });
}

/** A link good for one minute that downloads the archive (a browser cannot send the token header). */
export async function downloadLink(exportId: string): Promise<string> {
  const { url } = await request<{ url: string }>({ method: "POST", path: `/data-exports/${encodeURIComponent(exportId)}/ticket`, features: [FEATURE] });
  return url;
}
