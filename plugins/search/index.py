"""The full-text index of messages, one per database, kept current by the database itself so
that every way a message is written or removed — the send fast path's one-statement CTEs, edits,
deletes, purges, a channel's or a user's cascade — updates it in the same transaction, and
nothing a restart could lose sits between the two.

PostgreSQL: a GIN index on the expression ``to_tsvector('hearth_search', coalesce(content, ''))``.
``hearth_search`` is the language-neutral ``simple`` configuration (no stemming: messages come in
every language) with ``unaccent`` in front of it when the server has that extension, so "cafe"
finds "café". No column, no trigger: PostgreSQL keeps an expression index with the row, and
queries name the same expression (:data:`PG_VECTOR`).

SQLite: an FTS5 external-content table over ``messages`` (the text is not stored twice), with
``unicode61 remove_diacritics 2`` (case and accent folding) and triggers on insert, delete and a
change of content. SQLite runs triggers for rows that foreign-key cascades delete, too.
"""

from __future__ import annotations

from typing import Any

PG_CONFIG = "hearth_search"
PG_VECTOR = f"to_tsvector('{PG_CONFIG}'::regconfig, coalesce(m.content, ''))"
FTS_TABLE = "message_search"
# The parser's token types that hold words (not URLs, hosts, e-mails, numbers): these go through
# unaccent first.
WORD_TOKENS = "asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart"

_PG_TRY_UNACCENT = """
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'unaccent is not available: search will not fold accents';
END $$;
"""

_SQLITE_CREATE = [
    f"""CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5(
        content, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
    )""",
    f"""CREATE TRIGGER {FTS_TABLE}_inserted AFTER INSERT ON messages BEGIN
        INSERT INTO {FTS_TABLE}(rowid, content) VALUES (new.id, new.content);
    END""",
    f"""CREATE TRIGGER {FTS_TABLE}_deleted AFTER DELETE ON messages BEGIN
        INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, content) VALUES ('delete', old.id, old.content);
    END""",
    f"""CREATE TRIGGER {FTS_TABLE}_edited AFTER UPDATE OF content ON messages BEGIN
        INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, content) VALUES ('delete', old.id, old.content);
        INSERT INTO {FTS_TABLE}(rowid, content) VALUES (new.id, new.content);
    END""",
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('rebuild')",
]

_SQLITE_DROP = [
    f"DROP TRIGGER IF EXISTS {FTS_TABLE}_inserted",
    f"DROP TRIGGER IF EXISTS {FTS_TABLE}_deleted",
    f"DROP TRIGGER IF EXISTS {FTS_TABLE}_edited",
    f"DROP TABLE IF EXISTS {FTS_TABLE}",
]


async def create(client: Any) -> str:
    """Build the index on the database ``client`` talks to; returns how it was built."""
    if client.capabilities.dialect == "postgres":
        await client.execute_script(_PG_TRY_UNACCENT)
        rows = await client.execute_query_dict("SELECT 1 AS present FROM pg_extension WHERE extname = 'unaccent'")
        unaccent = bool(rows)
        mapping = "unaccent, simple" if unaccent else "simple"
        await client.execute_script(
            f"CREATE TEXT SEARCH CONFIGURATION {PG_CONFIG} (COPY = pg_catalog.simple);"
            f"ALTER TEXT SEARCH CONFIGURATION {PG_CONFIG} "
            f"ALTER MAPPING FOR {WORD_TOKENS} WITH {mapping};"
            f"CREATE INDEX idx_messages_search ON messages USING gin ({PG_VECTOR.replace('m.content', 'content')});"
        )
        return "postgres simple+unaccent" if unaccent else "postgres simple"
    for statement in _SQLITE_CREATE:
        await client.execute_script(statement)
    return "sqlite fts5 unicode61 remove_diacritics"


async def drop(client: Any) -> None:
    if client.capabilities.dialect == "postgres":
        await client.execute_script(
            f"DROP INDEX IF EXISTS idx_messages_search; DROP TEXT SEARCH CONFIGURATION IF EXISTS {PG_CONFIG};"
        )
        return
    for statement in _SQLITE_DROP:
        await client.execute_script(statement)
