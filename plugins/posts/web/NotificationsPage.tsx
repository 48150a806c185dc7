import { describeError } from "@hearth/api/requestErrors";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { dismissNotifications, fetchNotifications } from "./api";
import { formatWhen } from "./format";
import { t } from "./i18n";
import { useUnreadStore } from "./live";
import { postPath } from "./PostItem";
import { rememberPosts } from "./postStore";
import { NOTIFICATION_TYPES, type PostNotification } from "./types";
import "./posts.css";

function what(notification: PostNotification): string {
  const user = notification.by.username;
  switch (notification.type) {
    case NOTIFICATION_TYPES.LIKED: return t("notifications.liked", { user });
    case NOTIFICATION_TYPES.REPLIED: return t("notifications.replied", { user });
    case NOTIFICATION_TYPES.FOLLOWED: return t("notifications.followed", { user });
    case NOTIFICATION_TYPES.REPOSTED: return t("notifications.reposted", { user });
    case NOTIFICATION_TYPES.MENTIONED: return t("notifications.mentioned", { user });
    default: return user;
  }
}

function excerpt(notification: PostNotification): string | null {
  const post = notification.post;
  if (!post) return null;
  if (post.deleted) return t("post.deleted");
  return post.content?.replace(/\[@:(\d+)\]/g, (_, id: string) => `@${post.mentions?.find((m) => m.id === id)?.username ?? id}`) ?? null;
}

/** /app/notifications: the latest post notifications; opening it clears the unread count, and
 * notifications arriving while it is open are loaded as they come (post:notification_count). */
export default function NotificationsPage() {
  const [items, setItems] = useState<PostNotification[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    setError(null);
    try {
      const list = await fetchNotifications();
      rememberPosts(list.flatMap((n) => (n.post ? [n.post] : [])));
      setItems(list);
      await dismissNotifications();
      useUnreadStore.setState({ unread: 0 });
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  useEffect(() => {
    void load();
  }, []);

  // A notification arriving while the page is open (the live count grows): show it at once.
  const unread = useUnreadStore((state) => state.unread);
  useEffect(() => {
    if (unread > 0 && items !== null) void load();
  }, [unread]);

  return (
    <div className="posts-home">
      <div className="posts-home__column">
        {error && (
          <div className="post-list__error">
            <p className="form-error" role="alert">{error}</p>
            <Button onClick={() => void load()}>{t("list.retry")}</Button>
          </div>
        )}
        {!items && !error && <PaneLoading label={t("notifications.loading")} />}
        {items && !items.length && <p className="muted post-list__empty">{t("notifications.empty")}</p>}
        {items && items.length > 0 && (
          <ul className="post-notifications" data-testid="post-notifications">
            {items.map((notification) => {
              const target = notification.postId ? postPath(notification.postId) : `/app/profile/${notification.byId}`;
              const text = excerpt(notification);
              return (
                <li key={notification.id}>
                  <Link className="post-notification" to={target} data-testid="post-notification">
                    <Avatar user={notification.by} size={36} />
                    <span className="post-notification__body">
                      <span className="post-notification__what">{what(notification)}</span>
                      {text && <span className="post-notification__excerpt muted">{text}</span>}
                    </span>
                    <span className="muted post-notification__when">{formatWhen(notification.createdAt)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
