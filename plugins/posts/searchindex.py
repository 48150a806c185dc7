"""The words index of posts, kept by the database itself so that every way a post is written,
edited, emptied (a delete keeps the row with ``content`` null) or removed changes it in the same
transaction. It serves the search plugin's post search; posts themselves never read it.

PostgreSQL: a stored generated column ``search_words`` = ``to_tsvector('hearth_post_words',
coalesce(content, ''))`` with a GIN index on it (migration 0005; 0004 indexed the expression) —
the ``simple`` configuration (no stemming: posts come in every language) with ``unaccent`` in
front of its word tokens when the server has that extension, as the messages' index does. A write
parses the text once, as the expression index did; stored, the words cost a search nothing to
test or rank, so the planner may walk the newest posts testing each one (a word in most posts)
or read the GIN (a rarer one), and ranking reads them instead of parsing every candidate again.
The column costs the posts table about the size of its text again. The Tortoise model does not
declare it: nothing but the search reads it, and the database computes it.

SQLite: an FTS5 external-content table ``post_search`` over ``posts`` (the text is not stored
twice) with ``unicode61 remove_diacritics 2`` and insert, delete and content-change triggers.
FTS5 rather than a bounded ``LIKE``: it matches words the way the message search does (prefix of
the last word, phrases, accents folded), ranks with ``bm25``, and costs a trigger per write of a
post, which is rare next to reading.
"""

from __future__ import annotations

from typing import Any

from core import fulltext

PG_CONFIG = "hearth_post_words"
FTS_TABLE = "post_search"


PG_COLUMN = "search_words"
# The first index, on the expression (migration 0004 made it; 0005 replaced it).
LEGACY_PG_INDEX = "idx_posts_search"
_PG_WORDS = f"""
ALTER TABLE posts ADD COLUMN IF NOT EXISTS {PG_COLUMN} tsvector
  GENERATED ALWAYS AS (to_tsvector('{PG_CONFIG}'::regconfig, coalesce(content, ''))) STORED;
DROP INDEX IF EXISTS {LEGACY_PG_INDEX};
CREATE INDEX IF NOT EXISTS idx_posts_words ON posts USING gin ({PG_COLUMN});
"""


def pg_words(alias: str) -> str:
    """A post's stored words, over the posts row ``alias`` in a query."""
    return f"{alias}.{PG_COLUMN}"


async def create(client: Any) -> None:
    if client.capabilities.dialect == "postgres":
        await fulltext.create_configuration(client, PG_CONFIG)
        await store_words(client)
        return
    await fulltext.run_all(client, fulltext.sqlite_fts_create(FTS_TABLE, "posts"))


async def store_words(client: Any) -> None:
    """PostgreSQL: the stored words and their GIN, in place of the expression index if there is one
    (rewrites the posts table once)."""
    await client.execute_script(_PG_WORDS)


async def drop(client: Any) -> None:
    if client.capabilities.dialect == "postgres":
        await client.execute_script(
            f"DROP INDEX IF EXISTS idx_posts_words; DROP INDEX IF EXISTS {LEGACY_PG_INDEX};"
            f"ALTER TABLE posts DROP COLUMN IF EXISTS {PG_COLUMN};"
            f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {PG_CONFIG};"
        )
        return
    await fulltext.run_all(client, fulltext.sqlite_fts_drop(FTS_TABLE))
