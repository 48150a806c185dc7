/** What other plugin bundles (those that `require` "friends") may use from the friends bundle. */
export { FriendsPane } from "./FriendsPane";
export { acceptFriendRequest, blockUser, parseUsernameAndTag, removeFriend, sendFriendRequest, unblockUser } from "./friendsApi";
export { useFriend, useFriendsStore, usePendingIncomingCount } from "./friendsStore";
export { FriendStatus, type Friend, type FriendUser } from "./types";
