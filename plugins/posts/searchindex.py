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

from core import fulltext

PG_CONFIG = "hearth_post_words"
FTS_TABLE = "post_search"


def pg_vector(alias: str = "") -> str:
    """The indexed expression, over the posts row ``alias`` in a query (which must name it exactly)."""
    column = f"{alias}.content" if alias else "content"
    return f"to_tsvector('{PG_CONFIG}'::regconfig, coalesce({column}, ''))"


async def create(client: Any) -> None:
    if client.capabilities.dialect == "postgres":
        await fulltext.create_configuration(client, PG_CONFIG)
        await client.execute_script(f"CREATE INDEX idx_posts_search ON posts USING gin ({pg_vector()});")
        return
    await fulltext.run_all(client, fulltext.sqlite_fts_create(FTS_TABLE, "posts"))


async def drop(client: Any) -> None:
    if client.capabilities.dialect == "postgres":
        await client.execute_script(
            f"DROP INDEX IF EXISTS idx_posts_search; DROP TEXT SEARCH CONFIGURATION IF EXISTS {PG_CONFIG};"
        )
        return
    await fulltext.run_all(client, fulltext.sqlite_fts_drop(FTS_TABLE))
