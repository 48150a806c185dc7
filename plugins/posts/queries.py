"""The post lists of rest.md §7: feed, discover, a user's posts, liked posts, comments, one post.

Every list but the feed is the generic fetcher's: the newest ``limit`` posts matching, returned
oldest→newest. Cursors: ``afterId`` = older than that id, ``beforeId`` = newer. ``limit`` is at
most 30 (default 30; junk, zero or negative mean the default).

Each function says which posts make the page (``pagesql.Selection``); ``wire.load`` runs
it and returns the posts as the wire shows them, in one statement.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core.errors import ApiError
from core.ids import EPOCH_MS, parse_id
from plugins.posts.models import PostAnnouncement, PostLike, PostPin
from plugins.posts.pagesql import POSTS, Params, Selection
from plugins.posts.relations import Relations

PAGE = 30
LIKED_PAGE = 50
SORT_WINDOWS = {"mostLiked7Days": 7, "mostLiked30days": 30, "mostLikedAllTime": None}
FEW_AUTHORS = 50
PAGE_COLUMNS = "s.id, s.repost_id, s.comment_to_id"
NEWEST_FIRST = "w.k1 DESC"


def page_size(raw: str | None) -> int:
    try:
        value = int(raw) if raw is not None else 0
    except ValueError:
        return PAGE
    return PAGE if value <= 0 else min(value, PAGE)


def cursor(raw: str | None, name: str) -> int | None:
    if raw is None or raw == "":
        return None
    value = parse_id(raw)
    if value is None:
        raise ApiError(400, f"{name} must be a post id.", name)
    return value


def first_id_at(when: datetime) -> int:
    """The smallest flake id made at or after ``when`` (ids grow with time)."""
    return max(0, int(when.timestamp() * 1000) - EPOCH_MS) << 22


def _hidden(params: Params, rel: Relations, both_ways: bool = False, unlisted: frozenset[int] = frozenset()) -> str:
    """Leaves out users who blocked the viewer (moderators still see them), ``both_ways`` users
    the viewer blocked, and the ``unlisted`` authors (but the viewer's own posts)."""
    hidden = set() if rel.bypass else set(rel.blocked_by)
    if both_ways:
        hidden |= rel.blocked
    hidden |= unlisted - {rel.viewer_id}
    return f" AND NOT ({params.among('s.created_by_id', sorted(hidden))})" if hidden else ""


def _newest(
    params: Params, where: str, limit: int, after: int | None, before: int | None, reverse: bool = True
) -> Selection:
    """The newest ``limit`` posts matching ``where`` (over ``s``), within the id cursors."""
    if after is not None:
        where += f" AND s.id < {params(after)}"
    if before is not None:
        where += f" AND s.id > {params(before)}"
    page = (
        f"SELECT {PAGE_COLUMNS}, s.id AS k1, 0 AS k2 FROM {POSTS} s WHERE {where} ORDER BY s.id DESC LIMIT {int(limit)}"
    )
    return Selection(page, params, NEWEST_FIRST, reverse=reverse)


def feed(rel: Relations, limit: int, after: int | None, before: int | None) -> Selection:
    """Top-level posts and reposts by the viewer and whom they follow, newest first. Deleting
    a post deletes its reposts in the same transaction, so none of a deleted post is listed."""
    params = Params(rel)
    # Few authors: their posts through the (author, id) index. Many: the newest posts read
    # backwards, keeping theirs (with 500 followed, 1 post in 20 is theirs).
    authors = params.among("s.created_by_id", rel.people, indexed=len(rel.people) <= FEW_AUTHORS)
    where = f"s.comment_to_id IS NULL AND NOT s.deleted AND {authors}{_hidden(params, rel)}"
    return _newest(params, where, limit, after, before, reverse=False)


def discover(
    rel: Relations,
    sort: str | None,
    limit: int,
    after: int | None,
    before: int | None,
    unlisted: frozenset[int] = frozenset(),
) -> Selection:
    """Everyone's top-level posts (not reposts), blocks either way hidden and the ``unlisted``
    authors' (suspended or shadow-banned: the account standing says) too, oldest→newest. With a
    sort: most liked first (ties: older first), optionally within the last 7 or 30 days, then
    reversed like the other lists; ``after`` is then a keyset cursor on (likes, id) that skips
    the cursor post (an unknown cursor gives an empty page)."""
    params = Params(rel)
    hidden = _hidden(params, rel, both_ways=True, unlisted=unlisted)
    where = f"s.comment_to_id IS NULL AND s.repost_id IS NULL AND NOT s.deleted{hidden}"
    if sort not in SORT_WINDOWS:
        return _newest(params, where, limit, after, before)
    days = SORT_WINDOWS[sort]
    if days is not None:
        where += f" AND s.id >= {params(first_id_at(datetime.now(UTC) - timedelta(days=days)))}"
    if before is not None:
        where += f" AND s.id > {params(before)}"
    if after is not None:
        cursor_id = params(after)
        likes = f"(SELECT estimate_likes FROM {POSTS} WHERE id = {cursor_id})"
        # the first condition lets the likes index start at the cursor
        where += f" AND s.estimate_likes <= {likes} AND (s.estimate_likes < {likes} OR s.id > {cursor_id})"
    page = (
        f"SELECT {PAGE_COLUMNS}, s.estimate_likes AS k1, s.id AS k2 FROM {POSTS} s WHERE {where} "
        f"ORDER BY s.estimate_likes DESC, s.id LIMIT {int(limit)}"
    )
    return Selection(page, params, "w.k1 DESC, w.k2", reverse=True)


def user_posts(
    rel: Relations, user_id: int, with_replies: bool, limit: int, after: int | None, before: int | None
) -> Selection | None:
    """A user's posts (and reposts), replies only when asked; pinned posts are left out (the
    profile lists them apart). None when the user blocked the viewer."""
    if rel.hides(user_id):
        return None
    params = Params(rel)
    owner = params(user_id)
    where = f"s.created_by_id = {owner} AND NOT s.deleted"
    if not with_replies:
        where += " AND s.comment_to_id IS NULL"
    where += f" AND s.id NOT IN (SELECT post_id FROM {PostPin._meta.db_table} WHERE user_id = {owner})"
    return _newest(params, where, limit, after, before)


def comments(rel: Relations, post_id: int, limit: int, after: int | None, before: int | None) -> Selection:
    params = Params(rel)
    where = f"s.comment_to_id = {params(post_id)} AND NOT s.deleted{_hidden(params, rel)}"
    return _newest(params, where, limit, after, before)


def liked(rel: Relations, user_id: int) -> Selection:
    """Up to 50 posts ``user_id`` liked, the oldest like first."""
    params = Params(rel)
    page = (
        f"SELECT {PAGE_COLUMNS}, l.id AS k1, 0 AS k2 FROM {PostLike._meta.db_table} l "
        f"JOIN {POSTS} s ON s.id = l.post_id WHERE l.liked_by_id = {params(user_id)}{_hidden(params, rel)} "
        f"ORDER BY l.id DESC LIMIT {LIKED_PAGE}"
    )
    return Selection(page, params, NEWEST_FIRST, reverse=True)


def announcements(rel: Relations) -> Selection:
    page = (
        f"SELECT {PAGE_COLUMNS}, a.created_at AS k1, a.id AS k2 FROM {PostAnnouncement._meta.db_table} a "
        f"JOIN {POSTS} s ON s.id = a.post_id"
    )
    return Selection(page, Params(rel), "w.k1 DESC, w.k2 DESC")


def pinned(rel: Relations, user_id: int) -> Selection | None:
    if rel.hides(user_id):
        return None
    params = Params(rel)
    page = (
        f"SELECT {PAGE_COLUMNS}, pin.id AS k1, 0 AS k2 FROM {PostPin._meta.db_table} pin "
        f"JOIN {POSTS} s ON s.id = pin.post_id WHERE pin.user_id = {params(user_id)} AND NOT s.deleted"
    )
    return Selection(page, params, NEWEST_FIRST)


def by_ids(rel: Relations, ids: list[int]) -> Selection:
    """These posts, in this order (unknown ids left out)."""
    params = Params(rel)
    page = f"SELECT {PAGE_COLUMNS}, s.id AS k1, 0 AS k2 FROM {POSTS} s WHERE {params.among('s.id', list(ids))}"
    return Selection(page, params, NEWEST_FIRST, keep_order_of=list(ids))


def latest_of(rel: Relations, user_id: int) -> Selection:
    """The user's newest top-level post (the profile's ``latestPost``)."""
    params = Params(rel)
    where = f"s.created_by_id = {params(user_id)} AND s.comment_to_id IS NULL AND NOT s.deleted"
    return _newest(params, where, 1, None, None)


def everything(rel: Relations, person_or_post: int | None, after: int | None, limit: int) -> Selection:
    """The moderators' list (rest.md §8.5): every post, replies, reposts and deleted ones too,
    newest first; with ``person_or_post``, the post with that id and the posts of the user with
    that id. ``after``: older than that post."""
    params = Params(rel)
    where = "TRUE"
    if person_or_post is not None:
        target = params(person_or_post)
        where = f"(s.id = {target} OR s.created_by_id = {target})"
    return _newest(params, where, limit, after, None, reverse=False)
