/**
 * The REST client: every call goes to `/api`, one request at a time, with the session
 * token raw in the Authorization header. Failures reject with a `RequestError`.
 */
import { getToken } from "../session/token";
import { FEATURES_HEADER, requestedFeatures } from "./features";
import { errorFromResponse, networkError } from "./requestErrors";
import { createTaskQueue } from "./requestQueue";

const API_BASE = "/api";

export type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Send the stored token (default: whenever one is stored). */
  useToken?: boolean;
  /** Hearth's additions this call asks for (the X-Hearth-Features header, docs/protocol-extensions.md). */
  features?: readonly string[];
}

const enqueue = createTaskQueue();

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ""}`;
}

export function authHeaders(useToken = true): Record<string, string> {
  const token = useToken ? getToken() : null;
  return token ? { Authorization: token } : {};
}

function parseBody(body: string): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

async function send<T>({ method = "GET", path, query, body, useToken, features }: RequestOptions): Promise<T> {
  const headers: Record<string, string> = authHeaders(useToken);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  // the plugins' features (socketFeatures) and any this call names itself
  const named = [...new Set([...requestedFeatures(), ...(features ?? [])])].sort();
  if (named.length) headers[FEATURES_HEADER] = named.join(",");

  let response: Response;
  let text: string;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    text = await response.text();
  } catch {
    throw networkError();
  }
  if (!response.ok) throw errorFromResponse(response.status, text);
  return parseBody(text) as T;
}

export function request<T>(options: RequestOptions): Promise<T> {
  return enqueue(() => send<T>(options));
}
