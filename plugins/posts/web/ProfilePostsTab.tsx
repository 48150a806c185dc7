import { useEffect } from "react";
import { t } from "./i18n";
import { PostItem } from "./PostItem";
import { PostList } from "./PostList";
import { listKeys, loadMore, useList } from "./postStore";
import "./posts.css";

function Pinned({ userId }: { userId: string }) {
  const key = listKeys.pinned(userId);
  const list = useList(key);
  useEffect(() => {
    if (!list.done && !list.loading && !list.error) void loadMore(key);
  }, [key, list.done, list.loading, list.error]);
  if (!list.ids.length) return null;
  return (
    <div className="pinned-posts" data-testid="pinned-posts">
      {list.ids.map((id) => <PostItem key={id} postId={id} badge={t("profile.pinned")} pinned />)}
    </div>
  );
}

export function Posts({ userId }: { userId: string }) {
  const key = listKeys.userPosts(userId, false);
  return <PostList key={key} listKey={key} label={t("profile.posts")} empty={t("profile.noPosts")} header={<Pinned userId={userId} />} />;
}

export function Replies({ userId }: { userId: string }) {
  const key = listKeys.userPosts(userId, true);
  return <PostList key={key} listKey={key} label={t("profile.replies")} empty={t("profile.noPosts")} />;
}

export function Liked({ userId }: { userId: string }) {
  const key = listKeys.liked(userId);
  return <PostList key={key} listKey={key} label={t("profile.liked")} empty={t("profile.noLikes")} />;
}
