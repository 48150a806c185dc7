/** The signed-in user, as the socket's authenticated payload and later updates describe it. */
import { create } from "zustand";

export interface SelfUser {
  id: string;
  username: string;
  tag: string;
  badges: number;
  hexColor?: string | null;
  avatar?: string | null;
  banner?: string | null;
  email?: string;
  emailConfirmed?: boolean;
  customStatus?: string | null;
  /** Privacy (entities.md §enums): who may DM you 0 OPEN, 1 FRIENDS_AND_SERVERS, 2 FRIENDS. */
  dmStatus?: number;
  /** 0 OPEN, 1 SERVERS, 2 CLOSED. */
  friendRequestStatus?: number;
  /** 0 HIDDEN, 1 FRIENDS, 2 FRIENDS_AND_SERVERS. */
  lastOnlineStatus?: number;
  hideFollowers?: boolean;
  hideFollowing?: boolean;
}

interface SelfUserState {
  user: SelfUser | null;
  /** Session behind the current token (marks "this device" in the sessions list). */
  sessionId: string | null;
}

export const useSelfUserStore = create<SelfUserState>()(() => ({ user: null, sessionId: null }));

export function setSelfUser(user: SelfUser, sessionId: string | null): void {
  useSelfUserStore.setState({ user, sessionId });
}

export function updateSelfUser(changes: Partial<SelfUser>): void {
  useSelfUserStore.setState(({ user }) => ({ user: user ? { ...user, ...changes } : user }));
}

export function clearSelfUser(): void {
  useSelfUserStore.setState({ user: null, sessionId: null });
}

export const formatUserTag = (user: Pick<SelfUser, "username" | "tag">) => `${user.username}:${user.tag}`;
