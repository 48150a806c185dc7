"""The pieces every full-text index of Hearth is built from, one definition each.

PostgreSQL: a text search configuration copied from ``simple`` (no stemming: people write in
every language) with ``unaccent`` in front of its word tokens when the server has that extension,
so "cafe" finds "café". SQLite: an FTS5 external-content table over a table's text column (the
text is not stored twice) with ``unicode61 remove_diacritics 2`` (case and accent folding), kept by
insert, delete and change-of-text triggers in the writer's own transaction.
"""

from __future__ import annotations

from typing import Any

# The parser's token types that hold words (not URLs, hosts, e-mails, numbers): these go through
# unaccent first.
WORD_TOKENS = "asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart"

_TRY_UNACCENT = """
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'unaccent is not available: search will not fold accents';
END $$;
"""


async def create_configuration(client: Any, name: str) -> bool:
    """Create PostgreSQL's text search configuration ``name``; returns whether it folds accents."""
    await client.execute_script(_TRY_UNACCENT)
    rows = await client.execute_query_dict("SELECT 1 AS present FROM pg_extension WHERE extname = 'unaccent'")
    mapping = "unaccent, simple" if rows else "simple"
    await client.execute_script(
        f"CREATE TEXT SEARCH CONFIGURATION {name} (COPY = pg_catalog.simple);"
        f"ALTER TEXT SEARCH CONFIGURATION {name} ALTER MAPPING FOR {WORD_TOKENS} WITH {mapping};"
    )
    return bool(rows)


def sqlite_fts_create(fts_table: str, table: str, column: str = "content") -> list[str]:
    """The statements that make SQLite's FTS5 table ``fts_table`` over ``table.column`` and fill it."""
    return [
        f"""CREATE VIRTUAL TABLE {fts_table} USING fts5(
            {column}, content='{table}', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
        )""",
        f"""CREATE TRIGGER {fts_table}_inserted AFTER INSERT ON {table} BEGIN
            INSERT INTO {fts_table}(rowid, {column}) VALUES (new.id, new.{column});
        END""",
        f"""CREATE TRIGGER {fts_table}_deleted AFTER DELETE ON {table} BEGIN
            INSERT INTO {fts_table}({fts_table}, rowid, {column}) VALUES ('delete', old.id, old.{column});
        END""",
        f"""CREATE TRIGGER {fts_table}_edited AFTER UPDATE OF {column} ON {table} BEGIN
            INSERT INTO {fts_table}({fts_table}, rowid, {column}) VALUES ('delete', old.id, old.{column});
            INSERT INTO {fts_table}(rowid, {column}) VALUES (new.id, new.{column});
        END""",
        f"INSERT INTO {fts_table}({fts_table}) VALUES ('rebuild')",
    ]


def sqlite_fts_drop(fts_table: str) -> list[str]:
    """The statements that remove what :func:`sqlite_fts_create` made."""
    return [
        f"DROP TRIGGER IF EXISTS {fts_table}_inserted",
        f"DROP TRIGGER IF EXISTS {fts_table}_deleted",
        f"DROP TRIGGER IF EXISTS {fts_table}_edited",
        f"DROP TABLE IF EXISTS {fts_table}",
    ]


async def run_all(client: Any, statements: list[str]) -> None:
    for statement in statements:
        await client.execute_script(statement)
