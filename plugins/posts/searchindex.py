"""The words index of posts, kept by the database itself so that every way a post is written,
edited, emptied (a delete keeps the row with ``content`` null) or removed changes it in the same
transaction. It serves the search plugin's post search; posts themselves never read it.

PostgreSQL: a GIN index on the expression ``to_tsvector('hearth_post_words', coalesce(content,
''))`` — the ``simple`` configuration (no stemming: posts come in every language) with
``unaccent`` in front of its word tokens when the server has that extension, as the messages'
index does. Posts are far fewer than messages, and an expression index needs no column or trigger.

SQLite: an FTS5 external-content table ``post_search`` over ``posts`` (the text is not stored
twice) with ``unicode61 remove_diacritics 2`` and insert, delete and content-change triggers.
FTS5 rather than a bounded ``LIKE``: it matches words the way the message search does (prefix of
the last word, phrases, accents folded), ranks with ``bm25``, and costs a trigger per write of a
post, which is rare next to reading.
"""

from __future__ import annotations

from typing import Any

PG_CONFIG = "hearth_post_words"
FTS_TABLE = "post_search"
# The parser's token types that hold words (not URLs, hosts, e-mails, numbers): unaccent first.
WORD_TOKENS = "asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart"


def pg_vector(alias: str = "") -> str:
    """The indexed expression, over the posts row ``alias`` in a query (which must name it exactly)."""
    column = f"{alias}.content" if alias else "content"
    return f"to_tsvector('{PG_CONFIG}'::regconfig, coalesce({column}, ''))"


_PG_TRY_UNACCENT = """
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'unaccent is not available: post search will not fold accents';
END $$;
"""

_SQLITE_CREATE = [
    f"""CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5(
        content, content='posts', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
    )""",
    f"""CREATE TRIGGER {FTS_TABLE}_inserted AFTER INSERT ON posts BEGIN
        INSERT INTO {FTS_TABLE}(rowid, content) VALUES (new.id, new.content);
    END""",
    f"""CREATE TRIGGER {FTS_TABLE}_deleted AFTER DELETE ON posts BEGIN
        INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, content) VALUES ('delete', old.id, old.content);
    END""",
    f"""CREATE TRIGGER {FTS_TABLE}_edited AFTER UPDATE OF content ON posts BEGIN
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


async def create(client: Any) -> None:
    if client.capabilities.dialect == "postgres":
        await client.execute_script(_PG_TRY_UNACCENT)
        rows = await client.execute_query_dict("SELECT 1 AS present FROM pg_extension WHERE extname = 'unaccent'")
        mapping = "unaccent, simple" if rows else "simple"
        await client.execute_script(
            f"CREATE TEXT SEARCH CONFIGURATION {PG_CONFIG} (COPY = pg_catalog.simple);"
            f"ALTER TEXT SEARCH CONFIGURATION {PG_CONFIG} ALTER MAPPING FOR {WORD_TOKENS} WITH {mapping};"
            f"CREATE INDEX idx_posts_search ON posts USING gin ({pg_vector()});"
        )
        return
    for statement in _SQLITE_CREATE:
        await client.execute_script(statement)


async def drop(client: Any) -> None:
    if client.capabilities.dialect == "postgres":
        await client.execute_script(
            f"DROP INDEX IF EXISTS idx_posts_search; DROP TEXT SEARCH CONFIGURATION IF EXISTS {PG_CONFIG};"
        )
        return
    for statement in _SQLITE_DROP:
        await client.execute_script(statement)
