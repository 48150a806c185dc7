/** The friends plugin's entries of the user menu: add, accept, cancel or remove, by the friendship's state. */
import type { UserMenuSection, UserMenuTarget } from "@hearth/plugins/extensions";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import type { ContextMenuItem } from "@hearth/ui/contextMenu/ContextMenu";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { acceptFriendRequest, removeFriend, sendFriendRequest } from "./friendsApi";
import { useFriendsStore } from "./friendsStore";
import { t } from "./i18n";
import { FriendStatus } from "./types";

const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);

export function friendMenuItems(target: UserMenuTarget): ContextMenuItem[] {
  if (target.userId === useSelfUserStore.getState().user?.id || target.user?.bot) return [];
  const friend = useFriendsStore.getState().friends[target.userId];
  const name = target.user?.username ? `${target.user.username}:${target.user.tag ?? ""}` : target.userId;
  if (!friend) {
    const { username, tag } = target.user ?? {};
    return username && tag ? [{ label: t("add.title"), testId: "user-menu-add-friend", onSelect: () => quietly(sendFriendRequest(username, tag)) }] : [];
  }
  switch (friend.status) {
    case FriendStatus.PENDING:
      return [{ label: t("userMenu.accept"), testId: "user-menu-accept-friend", onSelect: () => quietly(acceptFriendRequest(target.userId)) }];
    case FriendStatus.SENT:
      return [{ label: t("actions.cancel"), testId: "user-menu-cancel-friend", onSelect: () => quietly(removeFriend(target.userId)) }];
    case FriendStatus.FRIENDS:
      return [
        {
          label: t("actions.remove"),
          testId: "user-menu-remove-friend",
          danger: true,
          onSelect: () =>
            void confirmAction({ title: t("confirm.removeTitle"), message: t("confirm.removeText", { user: name }), confirmLabel: t("actions.remove"), danger: true }).then(
              (confirmed) => confirmed && quietly(removeFriend(target.userId)),
            ),
        },
      ];
    default:
      return [];
  }
}

export const friendsUserMenuSection: UserMenuSection = { order: 30, items: friendMenuItems };
