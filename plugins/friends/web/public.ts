/** What other plugin bundles (those that `require` "friends") may use from the friends bundle. */
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { PaneLoading } from "@hearth/ui/PaneLoading";

/** The friends pane; its code loads when it is first shown. */
export const FriendsPane = lazyComponent(async () => (await import("./FriendsPane")).FriendsPane, PaneLoading);
export { acceptFriendRequest, blockUser, parseUsernameAndTag, removeFriend, sendFriendRequest, unblockUser } from "./friendsApi";
export { useFriend, useFriendsStore, usePendingIncomingCount } from "./friendsStore";
export { FriendStatus, type Friend, type FriendUser } from "./types";
