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

SQLite: the same queue, and the same indexer after commit. Triggers on ``messages`` note a
message inserted, its content changed or the message deleted (every type: the reference's
one-channel search reads the index and scans every message of a channel) in ``search_changes``;
the indexer writes ``message_search``, an FTS5 table that stores its own copy of the text
(``unicode61 remove_diacritics 2``: case and accent folding) so that it can drop a row's words
without the old text, which only a trigger still has (SQLite 3.43's ``contentless_delete`` would
spare the copy; Python's SQLite is often older). A send so pays one small insert; the FTS5
segment written per transaction and its merges are paid once per batch. SQLite runs triggers for
rows that foreign-key cascades delete, too. ``search_documents`` stays empty there.
"""

from __future__ import annotations

from typing import Any

from core import fulltext
from plugins.messages.models import CONTENT

PG_CONFIG = "hearth_search"
# What a document holds, computed from a live messages row ``m``.
PG_VECTOR = f"to_tsvector('{PG_CONFIG}'::regconfig, coalesce(m.content, ''))"
FTS_TABLE = "message_search"
VOCAB = "message_search_vocab"  # SQLite: the FTS5 table's words (fts5vocab), for the last word typed
EXPANDED = 16  # SQLite: a last word typed that begins at most this many longer words matches as their OR
CREATE_VOCAB = f"CREATE VIRTUAL TABLE IF NOT EXISTS {VOCAB} USING fts5vocab({FTS_TABLE}, row)"
DROP_VOCAB = f"DROP TABLE IF EXISTS {VOCAB}"
DOCUMENTS, CHANGES = "search_documents", "search_changes"
# The first index, on an expression over messages, made by migration 0001 and dropped by 0002.
LEGACY_PG_INDEX = f"CREATE INDEX idx_messages_search ON messages USING gin (to_tsvector('{PG_CONFIG}'::regconfig, coalesce(content, '')))"
# The documents by channel: the searched channels' matches are found before any row is read.
PG_CHANNEL_INDEX = f"CREATE INDEX IF NOT EXISTS idx_search_documents_channel ON {DOCUMENTS} (channel_id, message_id)"
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


_SQLITE_FOLLOW = [
    f"""CREATE TRIGGER search_inserted AFTER INSERT ON messages BEGIN
        INSERT INTO {CHANGES} (message_id) VALUES (new.id);
    END""",
    f"""CREATE TRIGGER search_edited AFTER UPDATE OF content ON messages
        WHEN old.content IS NOT new.content BEGIN
        INSERT INTO {CHANGES} (message_id) VALUES (new.id);
    END""",
    f"""CREATE TRIGGER search_deleted AFTER DELETE ON messages BEGIN
        INSERT INTO {CHANGES} (message_id) VALUES (old.id);
    END""",
]
_SQLITE_UNFOLLOW = [f"DROP TRIGGER IF EXISTS search_{change}" for change in ("inserted", "edited", "deleted")]
SQLITE_DETAIL = "sqlite fts5 unicode61 remove_diacritics, indexed after commit"


async def create(client: Any) -> str:
    """Build the index on the database ``client`` talks to, over the messages already stored;
    returns how it was built. The tables exist (migration 0002) and are empty."""
    if client.capabilities.dialect == "postgres":
        detail = await create_configuration(client)
        await create_documents(client)
        return detail + ", indexed after commit"
    await create_sqlite(client)
    return SQLITE_DETAIL


async def create_sqlite(client: Any) -> None:
    """SQLite: the triggers and the FTS5 table filled from the messages already stored, in the
    caller's transaction when it has one (a migration's), so no message falls between the two."""
    await fulltext.run_all(
        client,
        [
            *_SQLITE_FOLLOW,
            f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5(content, tokenize='unicode61 remove_diacritics 2')",
            f"INSERT INTO {FTS_TABLE} (rowid, content) SELECT id, content FROM messages",
            CREATE_VOCAB,
        ],
    )


async def longer_words(client: Any, word: str) -> list[str] | None:
    """SQLite: the indexed words longer than ``word`` that begin with it, or None when there are
    more than EXPANDED (or ``word`` is not plain ASCII, whose folding FTS5 and Python could do
    differently). FTS5 builds the whole list of matches of a prefix before reading any (tens of
    milliseconds for a frequent word, whatever else the query says), where an OR of words is read
    as it goes: ``"big" OR "bigger"`` finds what ``"big"*`` finds, several times faster.
    The range starts past ``word`` itself: fts5vocab counts each row it visits by reading that
    word's matches, and ``word`` is often the frequent one."""
    if not (word.isascii() and word.isalnum()):
        return None
    _, rows = await client.execute_query(
        f"SELECT term FROM {VOCAB} WHERE term >= ? AND term < ? LIMIT ?",
        [word + "0", word + "\U0010ffff", EXPANDED + 1],  # '0' sorts first of what a word holds
    )
    return None if len(rows) > EXPANDED else [row[0] for row in rows]


async def create_documents(client: Any) -> None:
    """Follow ``messages`` from now on (the triggers first: they hold writers off until this
    transaction ends, so no message falls between the backfill and the queue), index the
    messages already stored in batches, then build the indexes over them (faster than keeping
    them current row by row)."""
    await client.execute_script(_PG_FOLLOW)
    last = 0
    while True:
        rows = await client.execute_query_dict(_PG_BACKFILL, [last])
        if rows[0]["last"] is None:
            break
        last = rows[0]["last"]
    await client.execute_script(
        f"CREATE INDEX IF NOT EXISTS idx_search_documents_tsv ON {DOCUMENTS} USING gin (tsv); {PG_CHANNEL_INDEX}"
    )


async def drop(client: Any) -> None:
    if client.capabilities.dialect == "postgres":
        await client.execute_script(
            _PG_UNFOLLOW
            + "DROP INDEX IF EXISTS idx_search_documents_tsv; DROP INDEX IF EXISTS idx_search_documents_channel; "
            f"DELETE FROM {DOCUMENTS}; "
            f"DELETE FROM {CHANGES}; DROP TEXT SEARCH CONFIGURATION IF EXISTS {PG_CONFIG};"
        )
        return
    await fulltext.run_all(
        client,
        [
            *_SQLITE_UNFOLLOW,
            DROP_VOCAB,
            f"DROP TABLE IF EXISTS {FTS_TABLE}",
            f"DELETE FROM {CHANGES}",
        ],
    )


async def follow(client: Any) -> None:
    """Note changes again after :func:`stop_following` (what was written meanwhile is not noted)."""
    if client.capabilities.dialect == "postgres":
        await client.execute_script(_PG_FOLLOW)
        return
    await fulltext.run_all(client, _SQLITE_FOLLOW)


async def stop_following(client: Any) -> None:
    """Remove the triggers that note changes (benchmarks measure a send without them)."""
    if client.capabilities.dialect == "postgres":
        await client.execute_script(_PG_UNFOLLOW)
        return
    await fulltext.run_all(client, _SQLITE_UNFOLLOW)
