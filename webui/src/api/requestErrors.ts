/** How a failed HTTP reply becomes the error object callers see (spec §8). */
import { t } from "../i18n/i18n";

export interface RequestError {
  message: string;
  /** HTTP status for 5xx replies without a JSON body, 0 for network failures, or the server's own code. */
  code?: number | string;
  /** The request field the server blamed. */
  path?: string | null;
  /** Milliseconds until a rate limit lifts. */
  ttl?: number;
}

const SERVER_ERROR_STATUS_TEXT: Record<number, string> = {
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  505: "HTTP Version Not Supported",
  506: "Variant Also Negotiates",
  507: "Insufficient Storage",
  508: "Loop Detected",
  509: "Bandwidth Limit Exceeded",
  510: "Not Extended",
  511: "Network Authentication Required",
};

export function networkError(): RequestError {
  return { message: t("errors.couldNotConnect"), code: 0 };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * A JSON object body is passed through as is; a bare JSON string (some upstream routes
 * answer that way) becomes the message. Other bodies: 500–511 map to the standard status
 * text, anything else uses the text itself as the message.
 */
export function errorFromResponse(status: number, body: string): RequestError {
  const parsed = parseJson(body);
  if (parsed !== null && typeof parsed === "object") return parsed as RequestError;
  if (typeof parsed === "string") return { message: parsed };
  const statusText = SERVER_ERROR_STATUS_TEXT[status];
  if (statusText) return { message: statusText, code: status };
  if (body.trim()) return { message: body };
  return { message: t("errors.requestFailed", { status }), code: status };
}

export function isRequestError(value: unknown): value is RequestError {
  return typeof value === "object" && value !== null && typeof (value as RequestError).message === "string";
}

/** The text to show for anything a request or upload rejected with. */
export function describeError(error: unknown): string {
  return isRequestError(error) && error.message ? error.message : t("errors.unknown");
}
