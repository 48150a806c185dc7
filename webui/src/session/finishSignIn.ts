/** What a sign-in answer leads to: a session, a choice page, or the log-in page's second step. */
import { LOGIN_CHALLENGE_KEY, type SignInAnswer, type SsoTicket } from "./ssoApi";
import { startSession } from "./token";

export type SignInOutcome = { kind: "signedIn" } | { kind: "choose"; ticket: SsoTicket } | { kind: "challenge" };

export function finishSignIn(answer: SignInAnswer): SignInOutcome {
  if (typeof answer.token === "string") {
    startSession(answer.token);
    return { kind: "signedIn" };
  }
  if (answer.sso && typeof answer.sso === "object") return { kind: "choose", ticket: answer.sso };
  sessionStorage.setItem(LOGIN_CHALLENGE_KEY, JSON.stringify(answer));
  return { kind: "challenge" };
}

/** The log-in page's second step, which reads the challenge stored under LOGIN_CHALLENGE_KEY. */
export const CHALLENGE_PATH = "/login?challenge=sso";
