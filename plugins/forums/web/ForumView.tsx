/**
 * A forum channel: its posts (newest activity or newest first), filtered by a tag and searched by
 * title, a "New post" form with the forum's guidelines, and "Share to feed" for one's own posts.
 * Opening a post shows it in the threads panel (`?thread=`), as any thread.
 */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { Button } from "@hearth/ui/Button";
import { formatDateTime } from "@hearth/ui/format";
import { EmojiText } from "@hearth/ui/emoji/Emoji";
import { useEffect, useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { ChannelHeaderActions, errorText, type ServerChannel } from "../../servers/web/public";
import { ForumGlyph } from "./ForumGlyph";
import { getForum, listPosts, sharePost } from "./forumsApi";
import { matchesView, postChanged, rememberForum, showPosts, sortedPosts, useForumsStore, watchList } from "./forumsStore";
import { t } from "./i18n";
import { openNewPostModal } from "./NewPostModal";
import { TagChips } from "./TagChips";
import type { ForumPost, ForumSort, ForumTag } from "./types";
import { useForumRights } from "./useForumRights";
import "./forums.css";

const SEARCH_PAUSE_MS = 300;

function PostItem({ post, tags, selfId, open }: { post: ForumPost; tags: ForumTag[]; selfId: string | undefined; open: () => void }) {
  const [sharing, setSharing] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  const share = () => {
    setSharing({ pending: true, error: null });
    sharePost(post.id).then(
      ({ sharedPostId }) => {
        postChanged(post.parentId, post.id, { sharedPostId });
        setSharing({ pending: false, error: null });
      },
      (error: unknown) => setSharing({ pending: false, error: errorText(error, t("post.shareFailed")) }),
    );
  };
  const own = selfId !== undefined && post.createdById === selfId;
  return (
    <li className="forum-post" data-testid="forum-post" data-post-id={post.id}>
      <button type="button" className="forum-post__title" onClick={open}>
        <EmojiText text={post.title} />
      </button>
      <TagChips tags={tags} ids={post.tagIds} />
      {post.excerpt && <p className="forum-post__excerpt">{post.excerpt}</p>}
      <div className="forum-post__meta">
        <span className="muted">{t("post.lastActive", { when: formatDateTime(post.lastMessagedAt ?? post.createdAt) })}</span>
        {post.archived && <span className="forum-post__state">{t("post.archived")}</span>}
        {post.locked && <span className="forum-post__state">{t("post.locked")}</span>}
        {post.sharedPostId ? (
          <span className="forum-post__state" data-testid="forum-post-shared">
            {t("post.shared")}
          </span>
        ) : (
          own && (
            <Button className="forum-post__share" loading={sharing.pending} onClick={share} data-testid="forum-post-share">
              {t("post.share")}
            </Button>
          )
        )}
      </div>
      {sharing.error && (
        <p className="field__error" role="alert">
          {sharing.error}
        </p>
      )}
    </li>
  );
}

export function ForumView({ serverId, channel }: { serverId: string; channel: ServerChannel }) {
  const forum = useForumsStore((state) => state.forums[channel.id]);
  const posts = useForumsStore((state) => state.posts[channel.id]);
  const rights = useForumRights(serverId, channel);
  const [sort, setSort] = useState<ForumSort | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [state, setState] = useState<{ loading: boolean; error: string | null; hasMore: boolean }>({ loading: true, error: null, hasMore: false });
  const [, setSearchParams] = useSearchParams();
  const sortId = useId();
  const searchId = useId();
  const name = channel.name ?? "";
  const tags = useMemo(() => forum?.tags ?? [], [forum]);
  const effectiveSort: ForumSort = sort ?? forum?.defaultSort ?? "activity";

  useEffect(() => {
    getForum(channel.id).then(rememberForum, (error: unknown) => setState((current) => ({ ...current, error: errorText(error, t("list.failed")) })));
  }, [channel.id]);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const load = (before?: number) => {
    setState((current) => ({ ...current, loading: true, error: null }));
    listPosts(channel.id, { sort: effectiveSort, tag: tag ?? undefined, q: query, before }).then(
      (page) => {
        showPosts(channel.id, page.posts, before !== undefined);
        setState({ loading: false, error: null, hasMore: page.hasMore });
      },
      (error: unknown) => setState({ loading: false, error: errorText(error, t("list.failed")), hasMore: false }),
    );
  };
  useEffect(() => {
    if (forum) load();
  }, [channel.id, effectiveSort, tag, query, Boolean(forum)]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    watchList(channel.id, { sort: effectiveSort, tag, query, hasMore: state.hasMore });
  }, [channel.id, effectiveSort, tag, query, state.hasMore]);
  useEffect(() => () => watchList(channel.id, null), [channel.id]);

  // Live changes keep the list right: a new post or a retagged or renamed one shows only where it
  // matches the filter and search, a reply moves its post up under "latest activity" (a post not
  // loaded yet is fetched and joins the list: forumsStore's postArrived).
  const matching = (posts ?? []).filter((post) => matchesView(post, { tag, query }));
  const shown = sortedPosts(matching, effectiveSort);
  const last = shown[shown.length - 1];
  const open = (postId: string) =>
    setSearchParams((params) => {
      params.set("thread", postId);
      return params;
    });

  return (
    <>
      <LayoutSlot name="headerTitle">
        <span className="channel-title" data-testid="channel-title">
          <ForumGlyph />
          <EmojiText text={name} />
        </span>
      </LayoutSlot>
      <ChannelHeaderActions serverId={serverId} channelId={channel.id} />
      <section className="forum" data-testid="forum-view" aria-label={t("view.label", { name })}>
        <div className="forum__toolbar">
          <div className="field forum__search">
            <label className="visually-hidden" htmlFor={searchId}>
              {t("view.search")}
            </label>
            <input
              id={searchId}
              className="field__input"
              type="search"
              placeholder={t("view.search")}
              maxLength={100}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              data-testid="forum-search"
            />
          </div>
          <div className="field forum__sort">
            <label className="visually-hidden" htmlFor={sortId}>
              {t("view.sort")}
            </label>
            <select id={sortId} className="field__input" value={effectiveSort} onChange={(event) => setSort(event.target.value as ForumSort)} data-testid="forum-sort">
              <option value="activity">{t("view.sortActivity")}</option>
              <option value="created">{t("view.sortCreated")}</option>
            </select>
          </div>
          {rights.post && forum && (
            <Button variant="primary" onClick={() => openNewPostModal({ forum, moderator: rights.moderate })} data-testid="forum-new-post">
              {t("view.newPost")}
            </Button>
          )}
        </div>
        {tags.length > 0 && (
          <div className="forum__filters" role="group" aria-label={t("view.filter")}>
            {tags.map((item) => (
              <button
                key={item.id}
                type="button"
                className={`forum-tag forum-tag--filter${tag === item.id ? " forum-tag--on" : ""}`}
                aria-pressed={tag === item.id}
                onClick={() => setTag(tag === item.id ? null : item.id)}
                data-testid="forum-tag-filter"
              >
                {item.name}
              </button>
            ))}
          </div>
        )}
        {state.error && (
          <p className="field__error" role="alert">
            {state.error}
          </p>
        )}
        {shown.length === 0 && !state.loading && !state.error && <p className="muted forum__empty">{query || tag ? t("list.noMatch") : t("list.empty")}</p>}
        <ul className="forum__posts" aria-busy={state.loading}>
          {shown.map((post) => (
            <PostItem key={post.id} post={post} tags={tags} selfId={rights.selfId} open={() => open(post.id)} />
          ))}
        </ul>
        {state.hasMore && last && (
          <Button onClick={() => load(effectiveSort === "created" ? last.createdAt : (last.lastMessagedAt ?? last.createdAt))} loading={state.loading}>
            {t("list.loadMore")}
          </Button>
        )}
      </section>
    </>
  );
}

export default ForumView;
