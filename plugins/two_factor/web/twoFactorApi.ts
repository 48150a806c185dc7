/** The two-factor routes (plugins/two_factor/README.md). */
import { request } from "@hearth/api/request";
import type { CreationOptionsJson, RequestOptionsJson } from "./webauthn";

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
  passkeys: number;
}

export interface TotpSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

export interface Passkey {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface SecurityEvent {
  kind: string;
  detail: string | null;
  ip: string;
  at: number;
}

/** What `POST /users/login` answers Hearth's client for an account with two-factor. */
export interface LoginChallenge {
  ticket: string;
  methods: string[];
  expiresAt: number;
}

const BASE = "/two-factor";

export const getStatus = () => request<TwoFactorStatus>({ path: BASE });

export const startSetup = (password: string) =>
  request<TotpSetup>({ method: "POST", path: `${BASE}/totp/setup`, body: { password } });

export const confirmSetup = (code: string, logOutOtherSessions: boolean) =>
  request<{ recoveryCodes: string[] }>({ method: "POST", path: `${BASE}/totp/confirm`, body: { code, logOutOtherSessions } });

export const disable = (password: string, code: string) =>
  request<unknown>({ method: "POST", path: `${BASE}/totp/disable`, body: { password, code } });

export const regenerateCodes = (password: string, code: string) =>
  request<{ recoveryCodes: string[] }>({ method: "POST", path: `${BASE}/recovery-codes`, body: { password, code } });

export const getEvents = () => request<SecurityEvent[]>({ path: `${BASE}/events` });

export const getPasskeys = () => request<Passkey[]>({ path: `${BASE}/passkeys` });

export const passkeyRegistrationOptions = (password: string) =>
  request<{ challengeId: string; options: CreationOptionsJson }>({
    method: "POST",
    path: `${BASE}/passkeys/register-options`,
    body: { password },
  });

export const addPasskey = (challengeId: string, name: string, credential: Record<string, unknown>) =>
  request<Passkey>({ method: "POST", path: `${BASE}/passkeys`, body: { challengeId, name, credential } });

export const renamePasskey = (id: string, name: string) =>
  request<Passkey>({ method: "PATCH", path: `${BASE}/passkeys/${id}`, body: { name } });

export const removePasskey = (id: string) => request<unknown>({ method: "DELETE", path: `${BASE}/passkeys/${id}` });

export const completeLogin = (ticket: string, proof: { code: string } | { passkey: Record<string, unknown> }) =>
  request<{ token: string }>({ method: "POST", path: `${BASE}/login`, body: { ticket, ...proof }, useToken: false });

export const loginPasskeyOptions = (ticket: string) =>
  request<{ options: RequestOptionsJson }>({
    method: "POST",
    path: `${BASE}/login/passkey-options`,
    body: { ticket },
    useToken: false,
  });

export const passkeyLoginOptions = () =>
  request<{ challengeId: string; options: RequestOptionsJson }>({
    method: "POST",
    path: `${BASE}/passkeys/login-options`,
    useToken: false,
  });

export const passkeyLogin = (challengeId: string, credential: Record<string, unknown>) =>
  request<{ token: string }>({
    method: "POST",
    path: `${BASE}/passkeys/login`,
    body: { challengeId, credential },
    useToken: false,
  });

export const getServerRequirement = (serverId: string) =>
  request<{ serverId: string; required: boolean }>({ path: `${BASE}/servers/${serverId}` });

export const setServerRequirement = (serverId: string, required: boolean) =>
  request<{ serverId: string; required: boolean }>({ method: "PUT", path: `${BASE}/servers/${serverId}`, body: { required } });
