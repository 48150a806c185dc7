"""The reference's one-channel search (rest.md §3.2) through the index, where the answer is
provably the one its scan gives (``channel_search_ids``, asked by the messages plugin).

The route matches a case-insensitive *substring* (``UPPER(content) LIKE UPPER('%text%')``), which
no word index answers by itself: "apple" must find "pineapple". But a piece of the text that sits
between two spaces is a whole word of every message holding the text, and the last piece (after a
space) starts one. So the words of those pieces narrow the channel to a superset of the matches,
and the route's own ``LIKE`` then picks exactly the scan's messages, in the scan's order.

Only on SQLite, and only for pieces of ASCII letters and digits: there ``UPPER`` and ``LIKE`` fold
ASCII alone, so a message matching such a piece holds the same ASCII word, and FTS5's ``unicode61``
tokenizer cuts words at every other character, as the reasoning needs. PostgreSQL's parser does
not: it reads ``<b red dog>`` as one XML tag and indexes none of its words, and its ``upper()``
folds non-ASCII letters (ı, ſ, final sigma) that its lexemes keep apart, so there the route scans.

The FTS5 table is written after commit (``indexer.py``): a message whose change is still noted in
``search_changes`` may be missing from it or hold its old words there, so those messages (a
handful, the not-yet-indexed tail) join the index's candidates and the ``LIKE`` decides for them
as for the rest; a deleted message has no row to join.
"""

from __future__ import annotations

import re

from tortoise import connections

from core.prepared import fetch_rows
from plugins.search.index import CHANGES, FTS_TABLE

_ASCII_WORD = re.compile(r"[A-Za-z0-9]+")


def narrowing(text: str) -> str | None:
    """The FTS5 MATCH text every message containing ``text`` satisfies, or None if there is none."""
    pieces = text.split(" ")
    if len(pieces) < 2:
        return None
    terms = [f'"{piece}"' for piece in pieces[1:-1] if _ASCII_WORD.fullmatch(piece)]
    if _ASCII_WORD.fullmatch(pieces[-1]):
        terms.append(f'"{pieces[-1]}"*')
    return " AND ".join(terms) or None


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


async def channel_search_ids(
    channel_id: int,
    text: str,
    author_ids: list[int] | None,
    before: int | None,
    after: int | None,
    ascending: bool,
    limit: int,
) -> list[int] | None:
    if connections.get("default").capabilities.dialect != "sqlite":
        return None
    match = narrowing(text)
    if match is None:
        return None
    values: list[object] = [channel_id, match, f"%{_escape_like(text)}%"]
    candidates = f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH $2 UNION SELECT message_id FROM {CHANGES}"
    where = [
        "m.channel_id = $1",
        f"m.id IN ({candidates})",
        "UPPER(CAST(m.content AS VARCHAR)) LIKE UPPER($3) ESCAPE '\\'",
    ]
    if author_ids is not None:
        where.append(f"m.created_by_id IN ({', '.join(f'${len(values) + n + 1}' for n in range(len(author_ids)))})")
        values += author_ids
    if before is not None:
        values.append(before)
        where.append(f"m.id < ${len(values)}")
    if after is not None:
        values.append(after)
        where.append(f"m.id > ${len(values)}")
    values.append(limit)
    sql = (
        f"SELECT m.id FROM messages m WHERE {' AND '.join(where)} "
        f"ORDER BY m.id {'ASC' if ascending else 'DESC'} LIMIT ${len(values)}"
    )
    return [row[0] for row in await fetch_rows(sql, values)]
