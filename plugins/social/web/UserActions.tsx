import { describeError } from "@hearth/api/requestErrors";
import { openDirectMessage, useDirectMessagesAvailable } from "@hearth/plugins/extensions";
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { Icon } from "@hearth/ui/Icon";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { useState } from "react";
import { useNavigate } from "react-router";
import { acceptFriendRequest, blockUser, FriendStatus, removeFriend, sendFriendRequest, unblockUser, useFriend } from "../../friends/web/public";
import { t } from "./i18n";
import { isFollowing, loadProfile, setFollowing } from "./profileStore";
import type { UserDetails } from "./types";

interface UserActionsProps {
  details: UserDetails;
  /** Also offer blocking (the profile page; the card keeps it short). */
  withBlock?: boolean;
  /** Called after navigating away (to close a card). */
  onNavigate?: () => void;
}

/** Message, friend, follow (and block) buttons for someone else's profile; each shows its progress. */
export function UserActions({ details, withBlock = false, onNavigate }: UserActionsProps) {
  const { user } = details;
  const selfId = useSelfUserStore((state) => state.user?.id);
  const friend = useFriend(user.id);
  const dms = useDirectMessagesAvailable();
  // friends is optional: without it there are no friend requests and no blocks
  const friends = usePluginLoaded("friends");
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const name = `${user.username}:${user.tag}`;

  if (user.id === selfId) return null;

  const run = async (action: string, work: () => Promise<unknown>) => {
    setBusy(action);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(null);
    }
  };

  const blocked = friend?.status === FriendStatus.BLOCKED;
  const following = isFollowing(details);

  let friendButton = null;
  if (friends && !user.bot) {
    if (!friend) {
      friendButton = (
        <Button
          loading={busy === "friend"}
          onClick={() =>
            void run("friend", async () => {
              await sendFriendRequest(user.username, user.tag);
              setNotice(t("actions.requestSent"));
            })
          }
        >
          <Icon name="userPlus" size={16} />
          {t("actions.addFriend")}
        </Button>
      );
    } else if (friend.status === FriendStatus.SENT) {
      friendButton = (
        <Button loading={busy === "friend"} onClick={() => void run("friend", () => removeFriend(user.id))}>
          {t("actions.cancelRequest")}
        </Button>
      );
    } else if (friend.status === FriendStatus.PENDING) {
      friendButton = (
        <Button variant="primary" loading={busy === "friend"} onClick={() => void run("friend", () => acceptFriendRequest(user.id))}>
          {t("actions.accept")}
        </Button>
      );
    } else if (friend.status === FriendStatus.FRIENDS) {
      friendButton = (
        <Button
          variant="ghost"
          loading={busy === "friend"}
          onClick={() =>
            void run("friend", async () => {
              const confirmed = await confirmAction({
                title: t("confirm.removeTitle"),
                message: t("confirm.removeText", { user: name }),
                confirmLabel: t("actions.removeFriend"),
                danger: true,
              });
              if (confirmed) await removeFriend(user.id);
            })
          }
        >
          {t("actions.removeFriend")}
        </Button>
      );
    }
  }

  return (
    <div className="user-actions">
      <div className="button-row">
        {dms && !blocked && !details.block && (
          <Button
            variant="primary"
            loading={busy === "message"}
            onClick={() =>
              void run("message", async () => {
                navigate(await openDirectMessage(user.id));
                onNavigate?.();
              })
            }
          >
            <Icon name="chat" size={16} />
            {t("actions.message")}
          </Button>
        )}
        {!blocked && friendButton}
        {!blocked && !details.block && (
          <Button loading={busy === "follow"} onClick={() => void run("follow", () => setFollowing(user.id, !following))}>
            {following ? t("actions.unfollow") : t("actions.follow")}
          </Button>
        )}
        {blocked && (
          <Button loading={busy === "block"} onClick={() => void run("block", () => unblockUser(user.id))}>
            {t("actions.unblock")}
          </Button>
        )}
        {friends && withBlock && !blocked && (
          <Button
            variant="danger"
            loading={busy === "block"}
            onClick={() =>
              void run("block", async () => {
                const confirmed = await confirmAction({
                  title: t("confirm.blockTitle", { user: name }),
                  message: t("confirm.blockText", { user: name }),
                  confirmLabel: t("actions.block"),
                  danger: true,
                });
                if (confirmed) {
                  await blockUser(user);
                  void loadProfile(user.id);
                }
              })
            }
          >
            {t("actions.block")}
          </Button>
        )}
      </div>
      {notice && (
        <p className="user-actions__notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
