/** The connections routes: Hearth's own (/connections, generic providers) and the reference's
 * Google ones (rest.md §12), whose create-link answers are plain-text URLs. */
import { request } from "@hearth/api/request";
import { GOOGLE_DRIVE, type Connection, type Provider } from "./types";

export function fetchConnections(): Promise<{ providers: Provider[]; connections: Connection[] }> {
  return request({ path: "/connections" });
}

const googlePath = (provider: string) => (provider === GOOGLE_DRIVE ? "/connections/google-drive" : "/connections/google");

/** The provider's page where the user agrees to the link. */
export async function linkUrl(provider: Provider): Promise<string> {
  if (provider.kind === "google") return request<string>({ path: `${googlePath(provider.id)}/create-link` });
  const { url } = await request<{ url: string }>({ method: "POST", path: `/connections/${encodeURIComponent(provider.id)}/link` });
  return url;
}

/** What the provider sent back to `/connections/<page>`: `state` and `code`, or `error`. */
export interface ProviderAnswer {
  state: string;
  code: string | null;
  error: string | null;
  errorDescription: string | null;
}

export async function finishLink(providerId: string, answer: ProviderAnswer): Promise<Connection> {
  const { connection } =
    providerId === "GOOGLE" || providerId === GOOGLE_DRIVE
      ? await request<{ connection: Connection }>({ method: "POST", path: `${googlePath(providerId)}/link-account`, body: { nerimityToken: answer.state, code: answer.code ?? "" } })
      : await request<{ connection: Connection }>({
          method: "POST",
          path: `/connections/${encodeURIComponent(providerId)}/callback`,
          body: Object.fromEntries(Object.entries(answer).filter(([, value]) => value !== null)),
        });
  return connection;
}

export function unlink(connection: Connection): Promise<unknown> {
  return request({ method: "DELETE", path: `/connections/${encodeURIComponent(connection.id)}` });
}
