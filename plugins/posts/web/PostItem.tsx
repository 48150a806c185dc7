import { formatDate } from "@hearth/i18n/i18n";
import { cdnUrl } from "@hearth/api/cdn";
import { ClanTag } from "../../clans/web/public";
import { openUserCard } from "@hearth/plugins/extensions";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { menuPointUnder, useContextMenu } from "@hearth/ui/contextMenu/useContextMenu";
import type { ContextMenuItem } from "@hearth/ui/contextMenu/ContextMenu";
import { EmojiText } from "@hearth/ui/emoji/Emoji";
import { ExternalLink } from "@hearth/ui/externalLink/ExternalLink";
import { Icon } from "@hearth/ui/Icon";
import { Markup, type MarkupContext } from "@hearth/ui/markup/Markup";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { useState, type MouseEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { editPost, isLiked, postLink, removePost, repost, setPinned, toggleLike } from "./actions";
import { formatCount, formatWhen } from "./format";
import { t } from "./i18n";
import { useWatchPost } from "./live";
import { openPeople } from "./PeopleModal";
import { PollView } from "./PollView";
import { PostIcon } from "./PostIcon";
import { usePost } from "./postStore";
import type { Post, PostEmbed, PostShare } from "./types";

export const postPath = (postId: string) => `/app?postId=${encodeURIComponent(postId)}`;

function markupContext(post: Post): MarkupContext {
  const mentions = new Map((post.mentions ?? []).map((user) => [user.id, user]));
  return {
    userName: (userId) => mentions.get(userId)?.username,
    onUserClick: (userId, anchor) => openUserCard({ userId, anchor, user: mentions.get(userId) }),
  };
}

function Embed({ embed }: { embed: PostEmbed }) {
  if (embed.type === "image" && embed.imageUrl) {
    return <img className="post-embed__image" src={embed.imageUrl} alt="" loading="lazy" />;
  }
  if (!embed.url) return null;
  return (
    <div className="post-embed" data-testid="post-embed">
      {embed.siteName && <span className="post-embed__site muted">{embed.siteName}</span>}
      <ExternalLink href={embed.url} className="post-embed__title">
        {embed.title ?? embed.url}
      </ExternalLink>
      {embed.description && <p className="post-embed__description">{embed.description}</p>}
      {embed.imageUrl && <img className="post-embed__image" src={embed.imageUrl} alt="" loading="lazy" />}
    </div>
  );
}

function Author({ post }: { post: Post }) {
  const user = post.createdBy;
  return (
    <div className="post__author">
      <Link to={`/app/profile/${user.id}`} className="post__name">
        <EmojiText text={user.username} />
        <span className="muted">:{user.tag}</span>
      </Link>
      <ClanTag userId={user.id} clan={user.profile?.clan} />
      {post.createdAt && (
        <Link to={postPath(post.id)} className="post__when muted" title={formatDate(post.createdAt, { dateStyle: "full", timeStyle: "short" })}>
          {formatWhen(post.createdAt)}
          {post.editedAt ? ` · ${t("post.edited")}` : ""}
        </Link>
      )}
    </div>
  );
}

/** A forum post shared to the feed: where it comes from, and a link back to it. */
function ShareCard({ share }: { share: PostShare }) {
  const to = `/app/servers/${encodeURIComponent(share.serverId)}/${encodeURIComponent(share.channelId)}?thread=${encodeURIComponent(share.postId)}`;
  return (
    <div className="post-forum-share" data-testid="post-forum-share">
      <span className="post-forum-share__from muted">{t("share.from", { forum: share.forumName })}</span>
      <Link to={to} className="post-forum-share__link" data-testid="post-forum-share-link">
        {t("share.open")}
      </Link>
    </div>
  );
}

function Body({ post }: { post: Post }) {
  if (post.deleted) return <p className="post__deleted muted">{t("post.deleted")}</p>;
  const [image] = post.attachments ?? [];
  return (
    <>
      {post.content && <Markup content={post.content} context={markupContext(post)} className="post__content" />}
      {post.share && <ShareCard share={post.share} />}
      {image && (
        <img
          className="post__image"
          src={cdnUrl(image.path)}
          alt=""
          loading="lazy"
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          data-testid="post-image"
        />
      )}
      {post.embed && <Embed embed={post.embed} />}
      {post.poll && <PollView post={post} />}
    </>
  );
}

function EditBox({ post, done }: { post: Post; done: () => void }) {
  const [content, setContent] = useState(post.content ?? "");
  const [saving, setSaving] = useState(false);
  return (
    <form
      className="post__edit"
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        const saved = await editPost(post, content);
        setSaving(false);
        if (saved) done();
      }}
    >
      <textarea className="field__input" aria-label={t("post.editLabel")} value={content} rows={3}
        onChange={(event) => setContent(event.target.value)} />
      <div className="post__edit-actions">
        <Button onClick={done}>{t("post.cancel")}</Button>
        <Button type="submit" variant="primary" loading={saving} disabled={!content.trim()}>
          {t("post.save")}
        </Button>
      </div>
    </form>
  );
}

function Counter({ label, count, onClick, children, pressed, testId }: {
  label: string; count?: number; onClick: (event: MouseEvent) => void; children: ReactNode; pressed?: boolean; testId: string;
}) {
  return (
    <button type="button" className={`post-action${pressed ? " post-action--active" : ""}`}
      aria-pressed={pressed} onClick={onClick} data-testid={testId}>
      {/* named by its label and the count it shows, so what is seen is also what is heard */}
      <span className="visually-hidden">{label}</span>
      {children}
      {count !== undefined && <span className="post-action__count">{formatCount(count)}</span>}
    </button>
  );
}

function Actions({ post, onReply }: { post: Post; onReply?: () => void }) {
  const navigate = useNavigate();
  const [copied, setCopied] = useState(false);
  const counts = post._count ?? { likedBy: 0, comments: 0, reposts: 0 };
  const liked = isLiked(post);
  return (
    <div className="post__actions">
      <Counter label={t("actions.like")} count={counts.likedBy} pressed={liked} testId="post-like"
        onClick={() => void toggleLike(post)}>
        <PostIcon name="heart" filled={liked} />
      </Counter>
      <button type="button" className="post-action post-action--link" onClick={() => openPeople(post.id, "likes")}
        data-testid="post-likes-list">
        {t("actions.whoLiked")}
      </button>
      <Counter label={t("actions.reply")} count={counts.comments} testId="post-reply"
        onClick={() => (onReply ? onReply() : navigate(postPath(post.id)))}>
        <Icon name="reply" size={20} />
      </Counter>
      {!post.share && (
        <Counter label={t("actions.repost")} count={counts.reposts} testId="post-repost" onClick={() => void repost(post)}>
          <PostIcon name="repost" />
        </Counter>
      )}
      <button type="button" className="post-action post-action--link" onClick={() => openPeople(post.id, "reposts")}>
        {t("actions.whoReposted")}
      </button>
      <Counter label={t("actions.share")} testId="post-share"
        onClick={() => {
          void navigator.clipboard?.writeText(postLink(post.id)).then(() => setCopied(true), () => undefined);
          setTimeout(() => setCopied(false), 1500);
        }}>
        <PostIcon name="share" />
        {copied && <span className="post-action__count">{t("actions.copied")}</span>}
      </Counter>
    </div>
  );
}

function useMenu(post: Post, startEdit: () => void, pinnable: boolean) {
  const selfId = useSelfUserStore((state) => state.user?.id);
  const mine = post.createdBy.id === selfId;
  const items: ContextMenuItem[] = [
    { label: t("menu.copyLink"), onSelect: () => void navigator.clipboard?.writeText(postLink(post.id)) },
    { label: t("people.likes"), onSelect: () => openPeople(post.id, "likes") },
    { label: t("people.reposts"), onSelect: () => openPeople(post.id, "reposts") },
  ];
  if (mine && !post.deleted) {
    if (!post.repostId && !post.share) items.push({ label: t("menu.edit"), onSelect: startEdit });
    if (pinnable) items.push({ label: t("menu.pin"), onSelect: () => void setPinned(post, true) });
    items.push({
      label: t("menu.delete"),
      danger: true,
      onSelect: async () => {
        const sure = await confirmAction({ title: t("menu.deleteTitle"), message: t("menu.deleteMessage"),
          confirmLabel: t("menu.delete"), danger: true });
        if (sure) await removePost(post);
      },
    });
  }
  return useContextMenu(items);
}

interface PostItemProps {
  postId: string;
  /** Shown above the post (an announcement, a pinned post). */
  badge?: string;
  /** Replies open an inline post-composer instead of the post view. */
  onReply?: () => void;
  /** The post is pinned on its author's profile (offers "Unpin"). */
  pinned?: boolean;
}

/** One post from the cache: a repost shows the reposted post under "… reposted". */
export function PostItem({ postId, badge, onReply, pinned = false }: PostItemProps) {
  const post = usePost(postId);
  const original = usePost(post?.repostId);
  useWatchPost(post?.repostId ?? postId);
  const [editing, setEditing] = useState(false);
  const shown = post?.repostId ? (original ?? post.repost ?? undefined) : post;
  const menu = useMenu(shown ?? post ?? ({ id: postId, createdBy: { id: "", username: "", tag: "" } } as Post),
    () => setEditing(true), !pinned && !post?.repostId);
  const unpin = useContextMenu(pinned && post ? [{ label: t("menu.unpin"), onSelect: () => void setPinned(post, false) }] : []);
  if (!post || !shown) return null;

  if (shown.block) {
    return (
      <article className="post post--blocked" data-testid="post">
        <p className="muted">{t("post.blocked")}</p>
      </article>
    );
  }

  return (
    <article className="post" data-testid="post" data-post-id={shown.id} {...(pinned ? unpin.triggerProps : menu.triggerProps)}>
      {badge && <p className="post__badge">{badge}</p>}
      {post.repostId && (
        <p className="post__reposted muted">
          <PostIcon name="repost" size={16} />
          {t("post.reposted", { user: post.createdBy.username })}
        </p>
      )}
      {shown.commentToId && (
        <Link className="post__reply-to muted" to={postPath(shown.commentToId)}>
          {t("post.replyingTo", { user: shown.commentTo?.createdBy.username ?? "…" })}
        </Link>
      )}
      <div className="post__row">
        <button type="button" className="post__avatar" aria-label={shown.createdBy.username}
          onClick={(event) => openUserCard({ userId: shown.createdBy.id, anchor: event.currentTarget.getBoundingClientRect(), user: shown.createdBy })}>
          <Avatar user={shown.createdBy} size={40} />
        </button>
        <div className="post__main">
          <div className="post__header">
            <Author post={shown} />
            <button type="button" className="icon-button post__more" aria-label={t("menu.open")} aria-haspopup="menu" data-testid="post-more"
              onClick={(event) => {
                // Under the button at its start edge, as every "More" button's menu (right to left too).
                const { x, y } = menuPointUnder(event.currentTarget);
                (pinned ? unpin : menu).openMenu(x, y);
              }}>
              <Icon name="more" size={18} />
            </button>
          </div>
          {editing ? <EditBox post={shown} done={() => setEditing(false)} /> : <Body post={shown} />}
          {!shown.deleted && <Actions post={shown} onReply={onReply} />}
        </div>
      </div>
      {menu.menu}
      {unpin.menu}
    </article>
  );
}
