/** The signed-in session inside /app: token swaps, sign-out, and the kernel's socket handlers. */
import { disconnectSocket, onSocketEvent, reconnectSocket } from "../socket/socketClient";
import { clearSelfUser, setSelfUser, updateSelfUser, type SelfUser } from "../stores/selfUserStore";
import { logOutRequest } from "./authApi";
import { clearToken, startSession } from "./token";

/** The kernel's slice of `user:authenticated`; plugins read their own slices. */
interface AuthenticatedPayload {
  user: SelfUser;
  sessionId?: string;
  newToken?: string;
}

/** Stores a token the server issued in place of the current one and re-authenticates with it. */
export function replaceToken(token: string): void {
  startSession(token);
  reconnectSocket();
}

export function endSession(): void {
  clearToken();
  disconnectSocket();
  clearSelfUser();
}

/** Signs out on the server when it still accepts the token, and always locally. */
export async function logOut(): Promise<void> {
  disconnectSocket();
  try {
    await logOutRequest();
  } catch {
    // The token may already be revoked; signing out locally is what matters.
  }
  endSession();
}

export function registerSessionSocketHandlers(): void {
  onSocketEvent("user:authenticated", (payload: AuthenticatedPayload) => {
    if (payload.newToken) startSession(payload.newToken);
    setSelfUser(payload.user, payload.sessionId ?? null);
  });
  onSocketEvent("user:updatedSelf", (changes: Partial<SelfUser>) => updateSelfUser(changes));
}
