/** One thread beside its channel: its name and controls, then its own message pane with every message feature. */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { Icon } from "@hearth/ui/Icon";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { request } from "@hearth/api/request";
import { Markup } from "@hearth/ui/markup/Markup";
import { markChannelRead, MessagePane, type Message, type MessagePermissions, type PublicUser } from "../../messages/web/public";
import { canSendInChannel, permissionSubject, serverMentionSource, useServersStore } from "../../servers/web/public";
import { t } from "./i18n";
import { threadSlots } from "./public";
import { isThreadModerator } from "./permissions";
import { deleteThread, getThread, setFollowing, updateThread } from "./threadsApi";
import { forgetThread, openPanel, rememberThreads, setFollowed, threadRead, useThreadsStore } from "./threadsStore";
import type { Thread } from "./types";

/** The message the thread started from, shown above its first message. */
function ThreadStart({ serverId, thread }: { serverId: string; thread: Thread }) {
  const [starter, setStarter] = useState<Message | null>(null);
  const extras = threadSlots.introExtras.use();
  useEffect(() => {
    if (!thread.starterMessageId) return;
    void request<Message | null>({ path: `/channels/${encodeURIComponent(thread.parentId)}/messages/${encodeURIComponent(thread.starterMessageId)}` }).then(
      setStarter,
      () => setStarter(null),
    );
  }, [thread.parentId, thread.starterMessageId]);
  return (
    <div className="thread-start">
      <h2>{thread.name}</h2>
      {extras.map((Extra, index) => (
        <Extra key={index} serverId={serverId} thread={thread} />
      ))}
      {starter && (
        <>
          <p className="muted">{t("panel.startedBy", { name: starter.createdBy.username })}</p>
          <blockquote className="thread-start__quote">
            <Markup content={starter.content ?? ""} />
          </blockquote>
        </>
      )}
    </div>
  );
}

function useThread(threadId: string): { thread: Thread | undefined; missing: boolean } {
  const thread = useThreadsStore((state) => state.threads[threadId]);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setMissing(false);
    // fetched each time it opens: `following` is the viewer's, and the thread may have changed unseen
    void getThread(threadId).then(
      (found) => rememberThreads([found]),
      () => setMissing(true),
    );
  }, [threadId]);
  return { thread, missing };
}

export function ThreadPanel({ serverId, threadId }: { serverId: string; threadId: string }) {
  const { thread, missing } = useThread(threadId);
  const selfId = useSelfUserStore((state) => state.user?.id);
  const members = useServersStore((state) => state.members[serverId]);
  const parent = useServersStore((state) => (thread ? state.channels[thread.parentId] : undefined));
  const subject = useServersStore(useShallow((state) => permissionSubject(state, serverId, selfId)));
  const unread = useThreadsStore((state) => state.followed[threadId]);
  const navigate = useNavigate();

  // Reading it: the server hears the thread is read (its followers' counters), the badge clears.
  useEffect(() => {
    if (unread && (unread.unread || unread.mentions > 0)) {
      markChannelRead(threadId);
      threadRead(threadId);
    }
  }, [threadId, unread]);

  const moderator = subject ? isThreadModerator(subject) : false;
  const own = Boolean(thread && selfId && thread.createdById === selfId);
  const canWrite = Boolean(subject && parent && canSendInChannel(subject, parent)) && !(thread?.locked && !moderator);
  const permissions = useMemo<MessagePermissions>(() => ({ send: canWrite, pin: moderator, manage: moderator }), [canWrite, moderator]);
  const findUser = useCallback((userId: string): PublicUser | undefined => members?.[userId]?.user, [members]);
  const mentions = useMemo(
    () =>
      serverMentionSource(serverId, (channelId) => {
        void navigate(`/app/servers/${encodeURIComponent(serverId)}/${encodeURIComponent(channelId)}`);
      }),
    [serverId, navigate],
  );

  if (missing && !thread) return <p className="muted thread-drawer thread-panel__missing">{t("panel.missing")}</p>;
  if (!thread) return <PaneLoading label={t("list.loading")} />;

  const change = (changes: Partial<Pick<Thread, "archived" | "locked">>) => void updateThread(thread.id, changes).then((updated) => rememberThreads([updated]));
  const toggleFollow = () => {
    const next = !thread.following;
    void setFollowing(thread.id, next).then(() => setFollowed(thread.id, next));
  };
  const remove = async () => {
    const confirmed = await confirmAction({
      title: t("panel.delete"),
      message: t("panel.deleteConfirm", { name: thread.name }),
      confirmLabel: t("panel.delete"),
      danger: true,
    });
    if (confirmed) await deleteThread(thread.id).then(() => forgetThread(thread.id));
  };

  return (
    <div className="thread-drawer thread-panel" data-testid="thread-panel">
      <div className="thread-panel__bar" role="toolbar" aria-label={t("panel.actions")}>
        <button type="button" className="icon-button" aria-label={t("panel.back")} title={t("panel.back")} onClick={() => openPanel({ kind: "list", channelId: thread.parentId })}>
          <span className="thread-panel__back">
            <Icon name="arrowDown" />
          </span>
        </button>
        <Button variant="ghost" onClick={toggleFollow} aria-pressed={Boolean(thread.following)} data-testid="thread-follow">
          <Icon name="bell" size={16} />
          {thread.following ? t("panel.unfollow") : t("panel.follow")}
        </Button>
        {(moderator || (own && !thread.locked)) && (
          <Button variant="ghost" onClick={() => change({ archived: !thread.archived })}>
            {thread.archived ? t("panel.unarchive") : t("panel.archive")}
          </Button>
        )}
        {moderator && (
          <Button variant="ghost" onClick={() => change({ locked: !thread.locked })} data-testid="thread-lock">
            {thread.locked ? t("panel.unlock") : t("panel.lock")}
          </Button>
        )}
        {moderator && (
          <button type="button" className="icon-button" aria-label={t("panel.delete")} title={t("panel.delete")} onClick={() => void remove()}>
            <Icon name="trash" />
          </button>
        )}
        <button type="button" className="icon-button thread-panel__close" aria-label={t("panel.close")} title={t("panel.close")} onClick={() => openPanel(null)}>
          <Icon name="close" />
        </button>
      </div>
      {thread.locked ? (
        <p className="thread-panel__notice" role="status">
          {t("panel.locked")}
        </p>
      ) : thread.archived ? (
        <p className="thread-panel__notice" role="status">
          {t("panel.archived")}
        </p>
      ) : null}
      <div className="thread-panel__pane">
        <MessagePane
          embedded
          channelId={thread.id}
          serverId={serverId}
          placeholderName={thread.name}
          findUser={findUser}
          mentions={mentions}
          permissions={permissions}
          intro={<ThreadStart serverId={serverId} thread={thread} />}
        />
      </div>
    </div>
  );
}
