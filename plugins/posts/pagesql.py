"""A page of posts in one statement, its SQL written once per process.

Each list (feed, discover, a user's posts…) only says which posts make its page: a short
``SELECT id, repost_id, comment_to_id, k1, k2`` (``k1``/``k2``: its sort keys). This module wraps
it in the statement that loads, for those posts and the posts they repost or reply to, every
field the wire shows: the author and their profile's font, the comment count, the poll's choices,
the mentioned users, and for a signed-in viewer their like, their vote and the reposts by them or
by whom they follow (correlated subqueries, run only for the page's rows; lists of rows come
back as JSON arrays).

Built by hand rather than through Tortoise: for a page of 30 posts Tortoise spent ~8 ms of CPU
building ten statements with pypika and turning rows into model instances, against ~2 ms for
PostgreSQL to answer them. The wrapper's text is made once per dialect and viewer kind; a list
adds its few lines per request. Parameters are written ``$n`` (``core.prepared.fetch_rows``).

Id lists (whom the viewer follows, whom they block) are one array parameter on PostgreSQL, so a
list's text is the same for every viewer: each pooled connection prepares it once and PostgreSQL
soon reuses a generic plan. Written as 500 literals instead, every request was planned afresh
(~5 ms of the server's CPU estimating the list against the statistics). A generic plan cannot
know how long the list is, so the feed chooses the path itself (``Params.among``). SQLite has no
arrays and plans cheaply: there the ids are literals (``idlist.literal``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tortoise import connections

from core.identity.models import User
from core.prepared import fetch_rows
from plugins.accounts.models import Profile
from plugins.posts.idlist import literal
from plugins.posts.models import Post, PostLike, PostPoll, PostPollChoice, PostPollVote
from plugins.posts.relations import Relations

POSTS = Post._meta.db_table


def pg_array(ids: list[int]) -> str:
    """A PostgreSQL array literal of integers. Sent as text and cast in the statement
    (``$n::text::bigint[]``): asyncpg encodes a Python list checking every element against
    collections.abc, ~0.6 ms of CPU for 500 ids."""
    return "{" + ",".join([str(int(i)) for i in ids]) + "}"


class Params:
    """The statement's values; ``params(value)`` adds one and returns its placeholder. With a
    viewer, ``$1`` is their id and (PostgreSQL) ``$2`` the viewer and whom they follow
    (``rel.people``): the authors whose reposts each post shows, and the feed's."""

    def __init__(self, rel: Relations):
        self.postgres = connections.get("default").capabilities.dialect == "postgres"
        self.viewer = rel.viewer_id is not None
        self.people = rel.people
        self.values: list[Any] = []
        if self.viewer:
            self.values.append(rel.viewer_id)
            if self.postgres:
                self.values.append(pg_array(rel.people))

    def __call__(self, value: Any) -> str:
        self.values.append(value)
        return f"${len(self.values)}"

    def among(self, column: str, ids: list[int], indexed: bool = True) -> str:
        """``column`` is one of ``ids``. ``indexed=False`` keeps PostgreSQL from answering
        through an index on ``column``: planning for an array of unknown length, it would read
        every post of 500 followed people through it, then sort them; the ids are hashed instead
        (an ``IN`` kept as a filter by ``IS TRUE``, where ``= ANY`` compares each row with
        every id)."""
        if not self.postgres:
            return f"{column} IN ({literal(ids)})"
        array = "$2" if ids is self.people and self.viewer else self(pg_array(ids))
        if indexed:
            return f"{column} = ANY({array}::text::bigint[])"
        return f"({column} IN (SELECT unnest({array}::text::bigint[]))) IS TRUE"


@dataclass
class Selection:
    """Which posts make a page: ``page`` selects ``id, repost_id, comment_to_id, k1, k2`` from
    ``posts`` (aliased ``s``) in the list's order, ``order`` sorts the loaded rows by
    ``w.k1``/``w.k2`` the same way, ``reverse`` returns them the other way round (the generic
    fetcher's lists: the newest chosen, oldest first)."""

    page: str
    params: Params
    order: str
    reverse: bool = False
    keep_order_of: list[int] | None = field(default=None)  # by-id selections: the caller's order


def _agg(dialect: str, *columns: str) -> str:
    """A JSON array with one ``[columns…]`` array per row (NULL or ``[]`` when there is none)."""
    if dialect == "postgres":
        return f"json_agg(json_build_array({', '.join(columns)}))"
    return f"json_group_array(json_array({', '.join(columns)}))"


def _mentioned(dialect: str) -> tuple[str, str]:
    """(whether ``p.mention_user_ids`` is not empty, the condition on ``mu.id`` keeping them).
    PostgreSQL gets the ids as an array: as ``IN (subquery)`` it hashes all users instead."""
    if dialect == "postgres":
        return (
            "jsonb_array_length(p.mention_user_ids) > 0",
            "mu.id = ANY (ARRAY(SELECT e::bigint FROM jsonb_array_elements_text(p.mention_user_ids) AS e))",
        )
    return "json_array_length(p.mention_user_ids) > 0", "mu.id IN (SELECT value FROM json_each(p.mention_user_ids))"


# The loaded row, in this order (wire.py unpacks it).
COLUMNS = (
    "nested",
    "id",
    "created_by_id",
    "content",
    "created_at",
    "edited_at",
    "deleted",
    "comment_to_id",
    "repost_id",
    "quoted_post_id",
    "views",
    "estimate_likes",
    "estimate_reposts",
    "embed",
    "attachment",
    "mention_user_ids",
    "has_poll",
    "username",
    "tag",
    "hex_color",
    "avatar",
    "banner",
    "badges",
    "bot",
    "joined_at",
    "profile_user_id",
    "font",
    "comments",
    "poll",
    "mentions",
    "liked_id",
    "voted_choice_id",
    "reposts",
    "gate",
    "share",
)


@cache
def loader(dialect: str, with_viewer: bool) -> str:
    """The statement around a page (``{page}``, ``{order}``, ``{reposters}`` filled per request)."""
    users, profiles = User._meta.db_table, Profile._meta.db_table
    likes, polls = PostLike._meta.db_table, PostPoll._meta.db_table
    choices, votes = PostPollChoice._meta.db_table, PostPollVote._meta.db_table
    nonempty, mentioned = _mentioned(dialect)
    reposters = (
        "r.created_by_id = ANY($2::text::bigint[])" if dialect == "postgres" else "r.created_by_id IN ({reposters})"
    )
    if with_viewer:
        viewer_columns = f"""
       (SELECT l.id FROM {likes} l WHERE l.post_id = p.id AND l.liked_by_id = $1),
       CASE WHEN p.has_poll THEN (SELECT v.choice_id FROM {polls} vp JOIN {votes} v ON v.poll_id = vp.id
                                  WHERE vp.post_id = p.id AND v.user_id = $1) END,
       (SELECT {_agg(dialect, "r.id", "r.created_by_id", "ru.username")} FROM {POSTS} r
          JOIN {users} ru ON ru.id = r.created_by_id
         WHERE r.repost_id = p.id AND {reposters})"""
    else:
        viewer_columns = "\n       NULL, NULL, NULL"
    return f"""WITH page AS ({{page}}),
wanted AS (
  SELECT id, 0 AS nested, k1, k2 FROM page
  UNION ALL SELECT repost_id, 1, NULL, NULL FROM page WHERE repost_id IS NOT NULL
  UNION ALL SELECT comment_to_id, 1, NULL, NULL FROM page WHERE comment_to_id IS NOT NULL
)
SELECT w.nested, p.id, p.created_by_id, p.content, p.created_at, p.edited_at, p.deleted, p.comment_to_id,
       p.repost_id, p.quoted_post_id, p.views, p.estimate_likes, p.estimate_reposts, p.embed, p.attachment,
       p.mention_user_ids, p.has_poll,
       u.username, u.tag, u.hex_color, u.avatar, u.banner, u.badges, u.bot, u.joined_at,
       pr.user_id, pr.font,
       (SELECT count(*) FROM {POSTS} c WHERE c.comment_to_id = p.id AND NOT c.deleted),
       CASE WHEN p.has_poll THEN (SELECT {_agg(dialect, "pc.id", "pc.content", "pc.votes", "pc.poll_id")}
                                    FROM {polls} pp JOIN {choices} pc ON pc.poll_id = pp.id
                                   WHERE pp.post_id = p.id) END,
       CASE WHEN {nonempty} THEN (SELECT {
        _agg(dialect, "mu.id", "mu.username", "mu.tag", "mu.hex_color", "mu.avatar", "mu.badges")
    }
                                    FROM {users} mu WHERE {mentioned}) END,{viewer_columns},
       p.gate, p.share
FROM wanted w
JOIN {POSTS} p ON p.id = w.id
JOIN {users} u ON u.id = p.created_by_id
LEFT JOIN {profiles} pr ON pr.user_id = p.created_by_id
ORDER BY w.nested, {{order}}"""


def statement(selection: Selection, rel: Relations, dialect: str) -> str:
    """The page's SQL (``$n`` placeholders)."""
    sql = loader(dialect, selection.params.viewer).replace("{page}", selection.page).replace("{order}", selection.order)
    return sql if dialect == "postgres" else sql.replace("{reposters}", literal(rel.people))


async def fetch(selection: Selection, rel: Relations) -> list[Any]:
    """Run the page's statement; the rows hold ``COLUMNS``."""
    dialect = connections.get("default").capabilities.dialect
    return await fetch_rows(statement(selection, rel, dialect), selection.params.values)
