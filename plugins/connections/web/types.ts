/** A linked account (entities.md §3.8; generic providers add the account's `name`). */
export interface Connection {
  id: string;
  provider: string;
  connectedAt: number;
  name?: string | null;
}

/** A provider this server offers: `GOOGLE` / `GOOGLE_DRIVE` (kind "google") or a configured one. */
export interface Provider {
  id: string;
  name: string;
  kind: "oauth2" | "google";
}

export const GOOGLE = "GOOGLE";
export const GOOGLE_DRIVE = "GOOGLE_DRIVE";
