/** REST calls behind the public sign-in screens (rest.md §1.1–1.3, §1.15–1.18). */
import { request } from "../api/request";
import { loginFeatures } from "../plugins/extensions";
import { loadEnabledPlugins } from "../plugins/pluginLoader";

interface TokenReply {
  token: string;
}

interface MessageReply {
  message: string;
}

/** The identifier is a username:tag when it contains a colon, otherwise an e-mail (spec §5). */
export function loginBody(identifier: string, password: string) {
  const trimmed = identifier.trim();
  return trimmed.includes(":") ? { usernameAndTag: trimmed, password } : { email: trimmed, password };
}

/** `{token}`, or what a plugin asks for first (`{twoFactor: …}` for the clients naming it in `features`). */
export type LoginReply = Partial<TokenReply> & Record<string, unknown>;

/** The steps after a way in that the log-in page can show (a second factor), named by the plugins
 * once they are loaded: sent with every way in, so the server may answer with them. */
export async function loginStepsWeShow(): Promise<string[]> {
  await loadEnabledPlugins().catch(() => undefined);
  return loginFeatures();
}

export async function logIn(identifier: string, password: string): Promise<LoginReply> {
  const features = await loginStepsWeShow();
  return request<LoginReply>({
    method: "POST",
    path: "/users/login",
    body: loginBody(identifier, password),
    useToken: false,
    features,
  });
}

export async function register(email: string, username: string, password: string, inviteCode?: string): Promise<string> {
  const reply = await request<TokenReply>({
    method: "POST",
    path: "/users/register",
    body: { email: email.trim(), username: username.trim(), password, inviteCode: inviteCode?.trim() || undefined },
    useToken: false,
  });
  return reply.token;
}

export function logOutRequest(): Promise<unknown> {
  return request({ method: "DELETE", path: "/users/logout" });
}

/** Without mail configured the reply carries the code itself ("DEV MODE: Email verify code: 12345"). */
export async function sendEmailVerifyCode(): Promise<string> {
  const reply = await request<MessageReply>({ method: "POST", path: "/users/emails/verify/send-code" });
  return reply.message;
}

export function verifyEmail(code: string): Promise<unknown> {
  return request({ method: "POST", path: "/users/emails/verify", query: { code } });
}

export async function sendResetPasswordCode(email: string): Promise<string> {
  const reply = await request<MessageReply>({
    method: "POST",
    path: "/users/reset-password/send-code",
    body: { email: email.trim() },
    useToken: false,
  });
  return reply.message;
}

export async function resetPassword(code: string, userId: string, newPassword: string): Promise<string> {
  const reply = await request<TokenReply>({
    method: "POST",
    path: "/users/reset-password",
    query: { code, userId },
    body: { newPassword },
    useToken: false,
  });
  return reply.token;
}
