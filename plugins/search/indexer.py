"""The indexer: reads the changes the triggers noted (``search_changes``, oldest first,
BATCH at a time) and writes their documents from the live messages rows, in one transaction that
also removes those notes. A process killed mid-batch rolls back: the notes are still there for
the next batch. One batch runs at a time across every process (a transaction-scoped advisory
lock, released by commit, rollback or a dropped connection), so batches read the messages in the
order they were written and no two workers index the same notes. Each server process tries
every INTERVAL_SECONDS (``core.jobs.start_periodic``) and skips the round while another holds it.

SQLite has one writer at a time: a batch's first statement takes the notes (and the write lock),
so two processes never index the same ones; it then drops those messages' rows from the FTS5
table and writes them again from the live rows (``index.py``)."""

from __future__ import annotations

import json

from tortoise import connections
from tortoise.transactions import in_transaction

from plugins.messages.models import CONTENT
from plugins.search.index import CHANGES, DOCUMENTS, FTS_TABLE, PG_VECTOR

BATCH = 500
INTERVAL_SECONDS = 0.5
LOCK = 0x5EA2C4  # the advisory lock's key: "search indexer"

_BATCH_SQL = f"""
WITH noted AS (
  DELETE FROM {CHANGES} WHERE id IN (SELECT id FROM {CHANGES} ORDER BY id LIMIT $1) RETURNING message_id
), changed AS (
  SELECT DISTINCT message_id FROM noted
), live AS (
  SELECT m.id, m.channel_id, m.edited_at, {PG_VECTOR} AS tsv
  FROM messages m JOIN changed ON changed.message_id = m.id WHERE m.type = {CONTENT}
), gone AS (
  DELETE FROM {DOCUMENTS} d USING changed
  WHERE d.message_id = changed.message_id AND NOT EXISTS (SELECT 1 FROM live WHERE live.id = changed.message_id)
), put AS (
  INSERT INTO {DOCUMENTS} (message_id, channel_id, edited_at, tsv) SELECT id, channel_id, edited_at, tsv FROM live
  ON CONFLICT (message_id) DO UPDATE SET channel_id = excluded.channel_id, edited_at = excluded.edited_at,
    tsv = excluded.tsv
)
SELECT count(*) AS noted FROM noted
"""

_SQLITE_TAKE = f"DELETE FROM {CHANGES} WHERE id IN (SELECT id FROM {CHANGES} ORDER BY id LIMIT ?) RETURNING message_id"
# The taken messages' ids come as one JSON array: one parameter, whatever the batch's size.
_SQLITE_CHANGED = "SELECT DISTINCT value FROM json_each(?)"
_SQLITE_FORGET = f"DELETE FROM {FTS_TABLE} WHERE rowid IN ({_SQLITE_CHANGED})"
_SQLITE_WRITE = (
    f"INSERT INTO {FTS_TABLE} (rowid, content) SELECT id, content FROM messages WHERE id IN ({_SQLITE_CHANGED})"
)


def _postgres() -> bool:
    return connections.get("default").capabilities.dialect == "postgres"


async def index_batch(wait: bool) -> int | None:
    """Index the next BATCH noted changes; how many notes it took, or None when another process
    holds the indexer and ``wait`` is false."""
    if not _postgres():
        return await _sqlite_batch()
    async with in_transaction() as connection:
        if wait:
            await connection.execute_query("SELECT pg_advisory_xact_lock($1)", [LOCK])
        else:
            rows = await connection.execute_query_dict("SELECT pg_try_advisory_xact_lock($1) AS got", [LOCK])
            if not rows[0]["got"]:
                return None
        rows = await connection.execute_query_dict(_BATCH_SQL, [BATCH])
        return rows[0]["noted"]


async def _sqlite_batch() -> int:
    async with in_transaction() as connection:
        _, rows = await connection.execute_query(_SQLITE_TAKE, [BATCH])
        if rows:
            changed = json.dumps([row[0] for row in rows])
            await connection.execute_query(_SQLITE_FORGET, [changed])
            await connection.execute_query(_SQLITE_WRITE, [changed])
        return len(rows)


async def index_pending() -> None:
    """A round of the background job: batches until the notes run out or another process has
    the indexer."""
    while True:
        taken = await index_batch(wait=False)
        if taken is None or taken < BATCH:
            return


async def flush() -> None:
    """Index every change committed so far, waiting for a batch another process is running:
    after it, a search finds what was sent, edited and deleted before the call (tests and
    benchmarks call it instead of sleeping)."""
    while await index_batch(wait=True) == BATCH:
        pass
