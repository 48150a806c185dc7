import { describeError } from "@hearth/api/requestErrors";
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { Button } from "@hearth/ui/Button";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { Composer } from "./Composer";
import { t } from "./i18n";
import { PostItem } from "./PostItem";
import { PostList } from "./PostList";
import { listKeys, prependToList, refreshPost, resetList, usePost } from "./postStore";
import "./posts.css";

/** A post with its replies (`/app?postId=…`); a reply box under it. */
export function PostView({ postId, onClose }: { postId: string; onClose: () => void }) {
  const post = usePost(postId);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const comments = listKeys.comments(postId);

  useEffect(() => {
    setMissing(false);
    setError(null);
    resetList(comments);
    refreshPost(postId).then((found) => setMissing(found === null), (failure: unknown) => setError(describeError(failure)));
  }, [postId, comments]);

  return (
    <div className="posts-home" data-testid="post-view">
      <LayoutSlot name="headerTitle">{t("view.title")}</LayoutSlot>
      <div className="posts-home__column">
        <div className="post-view__bar">
          <Button variant="ghost" onClick={onClose}>{t("view.back")}</Button>
        </div>
        {error && <p className="form-error" role="alert">{error}</p>}
        {missing && <p className="muted">{t("view.missing")}</p>}
        {!post && !missing && !error && <PaneLoading label={t("view.loading")} />}
        {post && (
          <>
            {post.commentToId && <PostItem postId={post.commentToId} />}
            <div className="post-view__main">
              <PostItem postId={postId} onReply={() => document.getElementById("post-view-reply")?.querySelector("textarea")?.focus()} />
            </div>
            {!post.deleted && !post.block && (
              <div id="post-view-reply">
                <Composer replyTo={postId} onPosted={(reply) => prependToList(comments, reply)} />
              </div>
            )}
            <h2 className="post-view__replies">{t("view.replies")}</h2>
            <PostList key={comments} listKey={comments} label={t("view.replies")} empty={t("view.noReplies")} />
          </>
        )}
      </div>
    </div>
  );
}
