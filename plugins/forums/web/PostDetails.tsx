/**
 * A forum post's own view, under its title in the threads panel (the threads bundle's
 * `introExtras` slot): its tags, and "Edit post" (title and tags) for its author while it is not
 * locked and for moderators. Drawn only for threads whose parent is a forum.
 */
import { Button } from "@hearth/ui/Button";
import { useEffect } from "react";
import { useServersStore, type ServerChannel } from "../../servers/web/public";
import type { ThreadIntroProps } from "../../threads/web/public";
import { getForum, getPost } from "./forumsApi";
import { rememberForum, rememberOpened, useForumsStore } from "./forumsStore";
import { t } from "./i18n";
import { openEditPostModal } from "./EditPostModal";
import { TagChips } from "./TagChips";
import { FORUM_TYPE } from "./types";
import { useForumRights } from "./useForumRights";
import "./forums.css";

function OfForum({ serverId, thread, forumChannel }: ThreadIntroProps & { forumChannel: ServerChannel }) {
  const forum = useForumsStore((state) => state.forums[thread.parentId]);
  const post = useForumsStore((state) => state.opened[thread.id]);
  const rights = useForumRights(serverId, forumChannel);

  useEffect(() => {
    void getPost(thread.id).then(rememberOpened, () => undefined); // the panel says when the thread is gone
  }, [thread.id]);
  useEffect(() => {
    if (!forum) void getForum(thread.parentId).then(rememberForum, () => undefined);
  }, [forum, thread.parentId]);

  const editable = rights.moderate || (rights.selfId !== undefined && thread.createdById === rights.selfId && !thread.locked);
  if (!forum || !post) return null;
  return (
    <div className="forum-post-details" data-testid="forum-post-details">
      <TagChips tags={forum.tags} ids={post.tagIds} />
      {editable && (
        <Button variant="ghost" onClick={() => openEditPostModal({ forum, post: { ...post, title: thread.name }, moderator: rights.moderate })} data-testid="forum-post-edit">
          {t("post.edit")}
        </Button>
      )}
    </div>
  );
}

export function PostDetails({ serverId, thread }: ThreadIntroProps) {
  const parent = useServersStore((state) => state.channels[thread.parentId]);
  if (parent?.type !== FORUM_TYPE) return null;
  return <OfForum serverId={serverId} thread={thread} forumChannel={parent} />;
}
