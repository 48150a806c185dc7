/** Single sign-on and the registration mode (plugins/sso, plugins/accounts: Hearth's own routes). */
import { useEffect, useState } from "react";
import { request } from "../api/request";
import { loginStepsWeShow } from "./authApi";

export type RegistrationMode = "open" | "invite" | "sso" | "closed";

export interface SignInOptions {
  registration: RegistrationMode;
  providers: { id: string; name: string }[];
}

/** A verified provider identity no account has yet: register it, or link an account to it. */
export interface SsoTicket {
  ticket: string;
  provider: { id: string; name: string };
  username: string;
  email: string | null;
  emailTaken: boolean;
  registration: RegistrationMode;
  canRegister: boolean;
}

/** What ends a sign-in: a session token, a choice to make (`sso`), or anything else: a challenge
 * (a second factor) that the log-in page asks for. */
export type SignInAnswer = { token?: unknown; sso?: SsoTicket; [key: string]: unknown };

/** Where a challenge waits for the log-in page (`/login?challenge=sso`). */
export const LOGIN_CHALLENGE_KEY = "hearth.loginChallenge";

export function getSignInOptions(): Promise<SignInOptions> {
  return request<SignInOptions>({ path: "/accounts/sign-in-options", useToken: false });
}

/** The options once per page; while loading (or when the request fails) nothing is offered. */
export function useSignInOptions(): SignInOptions | null {
  const [options, setOptions] = useState<SignInOptions | null>(null);
  useEffect(() => {
    let live = true;
    getSignInOptions().then(
      (found) => live && setOptions(found),
      () => live && setOptions({ registration: "open", providers: [] }),
    );
    return () => {
      live = false;
    };
  }, []);
  return options;
}

export async function startSso(providerId: string): Promise<string> {
  const reply = await request<{ url: string }>({ method: "POST", path: `/sso/${encodeURIComponent(providerId)}/start`, useToken: false });
  return reply.url;
}

export async function finishSso(providerId: string, query: URLSearchParams): Promise<SignInAnswer> {
  const body = {
    state: query.get("state") ?? "",
    code: query.get("code") ?? undefined,
    error: query.get("error") ?? undefined,
    errorDescription: query.get("error_description") ?? undefined,
  };
  const features = await loginStepsWeShow();
  return request<SignInAnswer>({
    method: "POST",
    path: `/sso/${encodeURIComponent(providerId)}/callback`,
    body,
    useToken: false,
    features,
  });
}

export function ssoRegister(ticket: string, username: string, inviteCode?: string): Promise<SignInAnswer> {
  return request<SignInAnswer>({
    method: "POST",
    path: "/sso/register",
    body: { ticket, username: username.trim(), inviteCode: inviteCode?.trim() || undefined },
    useToken: false,
  });
}

export async function ssoLink(ticket: string, identifier: string, password: string): Promise<SignInAnswer> {
  const trimmed = identifier.trim();
  const who = trimmed.includes(":") ? { usernameAndTag: trimmed } : { email: trimmed };
  const features = await loginStepsWeShow();
  return request<SignInAnswer>({ method: "POST", path: "/sso/link", body: { ticket, ...who, password }, useToken: false, features });
}
