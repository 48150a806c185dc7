import {
  friendRemoved,
  friendRequestAccepted,
  friendRequestReceived,
  friendsAuthenticated,
  friendUserUpdated,
  userBlocked,
  userUnblocked,
} from "./friendsStore";
import type { Friend, FriendUser } from "./types";

export const friendSocketHandlers = {
  "user:authenticated": (payload: { friends?: Friend[] }) => friendsAuthenticated(payload.friends),
  "friend:request_sent": (friend: Friend) => friendRequestReceived(friend),
  "friend:request_pending": (friend: Friend) => friendRequestReceived(friend),
  "friend:request_accepted": (payload: { friendId: string }) => friendRequestAccepted(payload),
  "friend:removed": (payload: { friendId: string }) => friendRemoved(payload),
  "user:blocked": (payload: { user: FriendUser }) => userBlocked(payload),
  "user:unblocked": (payload: { userId: string }) => userUnblocked(payload),
  "user:updated": (payload: { userId: string; updated: Partial<FriendUser> }) => friendUserUpdated(payload),
};
