"""A page of a forum's posts in one hand-written statement (with their tags), as the
threads plugin lists threads (``plugins/threads/pagesql.py``, which says why not Tortoise): the
page is chosen first (sort, tag, title search, ``before``), then joined to its thread, opening
message and the viewer's follow row."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tortoise import connections

from core.prepared import fetch_rows
from plugins.forums.models import ForumPost, ForumPostTag, ForumTag
from plugins.messages.models import Message
from plugins.threads.pagesql import CHANNELS, THREAD_COLUMNS, THREAD_WIDTH, THREADS, following_of, moment, thread_of

POSTS, POST_TAGS, TAGS, MESSAGES = (
    ForumPost._meta.db_table,
    ForumPostTag._meta.db_table,
    ForumTag._meta.db_table,
    Message._meta.db_table,
)
SORT_KEYS = {"activity": "c.last_messaged_at", "created": "fp.created_at"}


def _tag_ids(dialect: str) -> str:
    """The post's tag ids as text, ``,``-separated, in the order they were put on."""
    if dialect == "postgres":
        return (
            f"(SELECT string_agg(pt.tag_id::text, ',' ORDER BY pt.id) FROM {POST_TAGS} pt WHERE pt.post_id = page.id)"
        )
    return (
        f"(SELECT group_concat(tag_id, ',') FROM "
        f"(SELECT pt.tag_id FROM {POST_TAGS} pt WHERE pt.post_id = page.id ORDER BY pt.id))"
    )


def _like(search: str) -> str:
    escaped = search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


async def tag_exists(forum_id: int, tag_id: int) -> bool:
    return bool(await fetch_rows(f"SELECT 1 FROM {TAGS} WHERE id = $1 AND forum_id = $2", [tag_id, forum_id]))


async def post_page(
    forum_id: int,
    viewer_id: int,
    sort: str,
    tag_id: int | None,
    search: str,
    before: datetime | None,
    limit: int,
) -> list[dict[str, Any]]:
    """Up to ``limit`` posts, newest first on the sort's time: each ``{thread, channel,
    following, created_at, first_message_id, shared_post_id, content, tag_ids}``."""
    dialect = connections.get("default").capabilities.dialect
    key = SORT_KEYS[sort]
    values: list[Any] = [forum_id, viewer_id, limit]
    where = ["fp.forum_id = $1"]
    if tag_id is not None:
        values.append(tag_id)
        where.append(
            f"EXISTS (SELECT 1 FROM {POST_TAGS} pt WHERE pt.post_id = fp.channel_id AND pt.tag_id = ${len(values)})"
        )
    if search:
        values.append(_like(search))
        # the case-insensitive match Tortoise's ``icontains`` makes on each dialect
        match = "ILIKE" if dialect == "postgres" else "LIKE"
        where.append(f"c.name {match} ${len(values)} ESCAPE '\\'")
    if before is not None:
        values.append(before)
        where.append(f"{key} < ${len(values)}")
    sql = (
        f"SELECT {THREAD_COLUMNS}, {following_of('$2')}, page.created_at, page.first_message_id, "
        f"page.shared_post_id, (SELECT m.content FROM {MESSAGES} m WHERE m.id = page.first_message_id), "
        f"{_tag_ids(dialect)} FROM (SELECT fp.channel_id AS id, c.last_messaged_at, fp.created_at, "
        f"fp.first_message_id, fp.shared_post_id, {key} AS k FROM {POSTS} fp JOIN {CHANNELS} c ON c.id = fp.channel_id "
        f"WHERE {' AND '.join(where)} ORDER BY {key} DESC, fp.channel_id DESC LIMIT $3) page "
        f"JOIN {THREADS} t ON t.channel_id = page.id ORDER BY page.k DESC, page.id DESC"
    )
    posts = []
    for row in await fetch_rows(sql, values):
        thread, channel = thread_of(row)
        rest = row[THREAD_WIDTH:]
        posts.append(
            {
                "thread": thread,
                "channel": channel,
                "following": bool(rest[0]),
                "created_at": moment(rest[1]),
                "first_message_id": rest[2],
                "shared_post_id": rest[3],
                "content": rest[4],
                "tag_ids": [int(t) for t in rest[5].split(",")] if rest[5] else [],
            }
        )
    return posts
