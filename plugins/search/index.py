"""The full-text index of messages, one per database.

PostgreSQL: a table of its own, ``search_documents`` (a message's id, channel, ``edited_at`` and
``tsv``, GIN on ``tsv``), filled after commit by the indexer (``indexer.py``). Three row triggers
on ``messages`` — a content message inserted, a content changed, a message deleted (cascades
too) — note the message's id in ``search_changes`` inside the writer's own transaction: the note
commits with the change or not at all, and it stays until the indexer has committed the
document, so no restart or crash loses one. A send pays one small insert, not the GIN upkeep and
``to_tsvector`` that an index on ``messages`` cost it (README, "Fan-out ceiling").

``hearth_search`` is the language-neutral ``simple`` configuration (no stemming: messages come
in every language) with ``unaccent`` in front of it when the server has that extension, so
"cafe" finds "café".

SQLite: an FTS5 external-content table over ``messages`` (the text is not stored twice), with
``unicode61 remove_diacritics 2`` (case and accent folding) and triggers on insert, delete and a
change of content, in the writer's transaction. SQLite runs triggers for rows that foreign-key
cascades delete, too. ``search_documents`` and ``search_changes`` stay empty there.
"""

from __future__ import annotations

from typing import Any

from core import fulltext
from plugins.messages.models import CONTENT

PG_CONFIG = "hearth_search"
# What a document holds, computed from a live messages row ``m``.
PG_VECTOR = f"to_tsvector('{PG_CONFIG}'::regconfig, coalesce(m.content, ''))"
FTS_TABLE = "message_search"
DOCUMENTS, CHANGES = "search_documents", "search_changes"
# The first index, on an expression over messages, made by migration 0001 and dropped by 0002.
LEGACY_PG_INDEX = f"CREATE INDEX idx_messages_search ON messages USING gin (to_tsvector('{PG_CONFIG}'::regconfig, coalesce(content, '')))"
# Rows a backfill statement indexes at once (a migration over an existing history, bench set-up).
BACKFILL_BATCH = 20_000

_PG_FOLLOW = f"""
CREATE OR REPLACE FUNCTION search_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO {CHANGES} (message_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;
CREATE TRIGGER search_inserted AFTER INSERT ON messages
  FOR EACH ROW WHEN (NEW.type = {CONTENT}) EXECUTE FUNCTION search_note_change();
CREATE TRIGGER search_edited AFTER UPDATE OF content ON messages
  FOR EACH ROW WHEN (NEW.type = {CONTENT} AND OLD.content IS DISTINCT FROM NEW.content) EXECUTE FUNCTION search_note_change();
CREATE TRIGGER search_deleted AFTER DELETE ON messages
  FOR EACH ROW WHEN (OLD.type = {CONTENT}) EXECUTE FUNCTION search_note_change();
"""

_PG_UNFOLLOW = """
DROP TRIGGER IF EXISTS search_inserted ON messages;
DROP TRIGGER IF EXISTS search_edited ON messages;
DROP TRIGGER IF EXISTS search_deleted ON messages;
DROP FUNCTION IF EXISTS search_note_change();
"""

# One backfill batch: the next BACKFILL_BATCH content messages after $1, by id; returns the last.
_PG_BACKFILL = f"""
WITH batch AS (
  SELECT m.id, m.channel_id, m.edited_at, {PG_VECTOR} AS tsv FROM messages m
  WHERE m.id > $1 AND m.type = {CONTENT} ORDER BY m.id LIMIT {BACKFILL_BATCH}
), put AS (
  INSERT INTO {DOCUMENTS} (message_id, channel_id, edited_at, tsv) SELECT id, channel_id, edited_at, tsv FROM batch
  ON CONFLICT (message_id) DO NOTHING
)
SELECT max(id) AS last FROM batch
"""


async def create_configuration(client: Any) -> str:
    """PostgreSQL's ``hearth_search`` text search configuration; returns how it was built."""
    folds = await fulltext.create_configuration(client, PG_CONFIG)
    return "postgres simple+unaccent" if folds else "postgres simple"


async def create(client: Any) -> str:
    """Build the index on the database ``client`` talks to, over the messages already stored;
    returns how it was built. On PostgreSQL the tables exist (migration 0002) and are empty."""
    if client.capabilities.dialect == "postgres":
        detail = await create_configuration(client)
        await create_documents(client)
        return detail + ", indexed after commit"
    await fulltext.run_all(client, fulltext.sqlite_fts_create(FTS_TABLE, "messages"))
    return "sqlite fts5 unicode61 remove_diacritics"


async def create_documents(client: Any) -> None:
    """Follow ``messages`` from now on (the triggers first: they hold writers off until this
    transaction ends, so no message falls between the backfill and the queue), index the
    messages already stored in batches, then build the GIN over them (faster than keeping it
    current row by row)."""
    await client.execute_script(_PG_FOLLOW)
    last = 0
    while True:
        rows = await client.execute_query_dict(_PG_BACKFILL, [last])
        if rows[0]["last"] is None:
            break
        last = rows[0]["last"]
    await client.execute_script(f"CREATE INDEX IF NOT EXISTS idx_search_documents_tsv ON {DOCUMENTS} USING gin (tsv)")


async def drop(client: Any) -> None:
    if client.capabilities.dialect == "postgres":
        await client.execute_script(
            _PG_UNFOLLOW + f"DROP INDEX IF EXISTS idx_search_documents_tsv; DELETE FROM {DOCUMENTS}; "
            f"DELETE FROM {CHANGES}; DROP TEXT SEARCH CONFIGURATION IF EXISTS {PG_CONFIG};"
        )
        return
    await fulltext.run_all(client, fulltext.sqlite_fts_drop(FTS_TABLE))


async def stop_following(client: Any) -> None:
    """PostgreSQL: remove the triggers (benchmarks measure a send without them)."""
    await client.execute_script(_PG_UNFOLLOW)
