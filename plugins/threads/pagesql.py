"""A page of a channel's threads in one hand-written statement: the thread, its channel's last
activity and whether the viewer follows it, with no model instance made.

Built by hand rather than through Tortoise for the list every opening of a channel's threads (and
of a forum, whose posts are threads) loads: Tortoise spent most of such a request's CPU building
the statements with pypika and turning rows into instances, against well under a millisecond for
PostgreSQL to answer them (bench/threads_list.py, bench/forum_posts_list.py). The page is chosen
first (a subquery with its LIMIT), then joined, so the joins read only the page's rows.
"""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from core.prepared import fetch_rows
from plugins.messages.models import Channel
from plugins.threads.models import Thread, ThreadMember

THREADS, CHANNELS, MEMBERS = Thread._meta.db_table, Channel._meta.db_table, ThreadMember._meta.db_table

# The thread's columns (aliases t: threads, page: the chosen page with its channel's
# ``last_messaged_at``), read back by ``thread_of``.
THREAD_COLUMNS = (
    "t.channel_id, t.name, t.server_id, t.parent_id, t.starter_message_id, t.created_by_id, t.archived, "
    "t.archived_at, t.locked, t.auto_archive_minutes, t.created_at, page.last_messaged_at"
)


def following_of(viewer: str) -> str:
    """Whether the viewer (placeholder ``viewer``) follows the page's thread: a lookup per row
    on the (thread, user) key, not a pass over every thread the viewer ever followed."""
    return f"(SELECT tm.following FROM {MEMBERS} tm WHERE tm.thread_id = page.id AND tm.user_id = {viewer})"


THREAD_WIDTH = 12


def moment(value: Any) -> datetime | None:
    """A timestamp as the driver returns it (PostgreSQL: an aware datetime; SQLite: Tortoise's
    ISO text)."""
    if value is None or isinstance(value, datetime):
        return value
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def thread_of(row: Any) -> tuple[Any, Any]:
    """(thread, channel) with what ``service.thread_wire`` reads, from a row that starts with
    ``THREAD_COLUMNS``."""
    thread = SimpleNamespace(
        channel_id=row[0],
        name=row[1],
        server_id=row[2],
        parent_id=row[3],
        starter_message_id=row[4],
        created_by_id=row[5],
        archived=bool(row[6]),
        archived_at=moment(row[7]),
        locked=bool(row[8]),
        auto_archive_minutes=row[9],
        created_at=moment(row[10]),
    )
    return thread, SimpleNamespace(last_messaged_at=moment(row[11]))


def thread_page_sql(archived: bool, before: bool) -> str:
    """The page's statement: $1 the parent, $2 archived, $3 the viewer, $4 the limit, $5 the
    ``before`` time when there is one (bench/threads_list.py explains it)."""
    key = "t.archived_at" if archived else "c.last_messaged_at"
    after = f"AND {key} < $5" if before else ""
    return (
        f"SELECT {THREAD_COLUMNS}, {following_of('$3')} FROM ("
        f"SELECT t.channel_id AS id, c.last_messaged_at, {key} AS k FROM {THREADS} t "
        f"JOIN {CHANNELS} c ON c.id = t.channel_id WHERE t.parent_id = $1 AND t.archived = $2 {after} "
        f"ORDER BY {key} DESC, t.channel_id DESC LIMIT $4) page "
        f"JOIN {THREADS} t ON t.channel_id = page.id ORDER BY page.k DESC, page.id DESC"
    )


async def thread_page(
    parent_id: int, viewer_id: int, archived: bool, before: datetime | None, limit: int
) -> list[tuple[Any, Any, bool]]:
    """Up to ``limit`` threads of ``parent_id``: active ones newest activity first, archived
    ones newest archive first; (thread, channel, following) each."""
    values: list[Any] = [parent_id, archived, viewer_id, limit] + ([before] if before is not None else [])
    rows = await fetch_rows(thread_page_sql(archived, before is not None), values)
    return [(*thread_of(row), bool(row[THREAD_WIDTH])) for row in rows]
