"""The one statement a search runs: the index's match, the scope's channels and every filter in
its WHERE clause, ranked in its ORDER BY, one page in its LIMIT. Placeholders are ``$n``
(``core.prepared.fetch_rows`` turns them into SQLite's ``?n``); every value is a parameter.

Ranking: a message holding the query's words as one phrase first, then the index's score
(PostgreSQL ``ts_rank_cd``, which also rewards words close together; SQLite ``bm25``), then the
newer message. ``newest`` sorts by id alone (ids grow with time). The ranking weighs the newest
RANKED matches (a word in half of a server's messages would otherwise have its tens of thousands
of matches scored on every search); on SQLite not with ``from:``, ``mentions:`` or ``has:``,
which narrow the messages more cheaply than walking the matches.

On PostgreSQL the words come from ``search_documents`` (written after commit), joined to the live
message, which every filter reads: a document whose ``edited_at`` is not the message's any more
was read before an edit the indexer has yet to see, and is left out, so a search never finds a
message by words it no longer holds (at worst it misses the new ones for a moment); a deleted
message has no row to join.

On SQLite the FTS5 table is written after commit too (``indexer.py``); its rows say nothing of
an edit, so a message with a change still noted in ``search_changes`` is left out of every
statement that reads the index, to the same effect: missed for a moment, never found by words it
no longer holds."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from core.ids import EPOCH_MS
from plugins.messages.models import CONTENT
from plugins.search.index import CHANGES, DOCUMENTS, FTS_TABLE, PG_CONFIG, PG_VECTOR
from plugins.search.query import Query

RANKED = 1000
DOCUMENT = "d.tsv"  # a document's words, in the statement's match and ranking


def flake_at(moment: datetime) -> int:
    """The smallest message id made at ``moment`` or later."""
    return max(0, int(moment.timestamp() * 1000) - EPOCH_MS) << 22


def tsquery(words: list[str], prefix: bool = False, phrase: bool = False) -> str:
    """PostgreSQL ``to_tsquery`` text of folded words (letters and digits only: no syntax)."""
    terms = [f"'{word}'" for word in words]
    if prefix and terms:
        terms[-1] += ":*"
    return (" <-> " if phrase else " & ").join(terms)


def fts_match(words: list[str], phrases: list[list[str]], prefix: bool = False) -> str:
    """SQLite FTS5 MATCH text: every word, every phrase (letters and digits only: no syntax)."""
    terms = [f'"{word}"' for word in words]
    if prefix and terms:
        terms[-1] += "*"
    terms += ['"' + " ".join(phrase) + '"' for phrase in phrases]
    return " AND ".join(terms)


@dataclass
class Filters:
    channel_ids: list[int]
    author_ids: list[int] | None = None  # None: anyone; [] is a from: that named nobody
    mention_ids: list[int] | None = None
    hidden_author_ids: list[int] = field(default_factory=list)


class Statement:
    def __init__(self, postgres: bool):
        self.postgres = postgres
        self.values: list[Any] = []

    def value(self, value: Any) -> str:
        self.values.append(value)
        return f"${len(self.values)}"

    def id_list(self, ids: list[int]) -> str:
        if self.postgres:
            return f"= ANY({self.value(ids)}::bigint[])"
        return f"IN ({', '.join(self.value(i) for i in ids)})"


def build(
    query: Query, filters: Filters, postgres: bool, newest: bool, limit: int, offset: int, before_id: int | None
) -> tuple[str, list[Any]]:
    s = Statement(postgres)
    # On PostgreSQL a document's channel narrows the matches before they are joined to messages.
    channel = "d.channel_id" if postgres and query.has_text else "m.channel_id"
    where = [f"{channel} {s.id_list(filters.channel_ids)}", f"m.type = {CONTENT}"]
    joins, rank = "", []
    narrow = filters.author_ids is not None or filters.mention_ids is not None or bool(query.has)
    # SQLite ranks the newest RANKED matches (CTE ``m``) unless a filter narrows the messages.
    capped = not postgres and query.has_text and not newest and not narrow
    if query.has_text:
        words_query = None
        if postgres:
            parts = [f"to_tsquery('{PG_CONFIG}', {s.value(tsquery(query.words, query.prefix))})"] if query.words else []
            parts += [f"to_tsquery('{PG_CONFIG}', {s.value(tsquery(p, phrase=True))})" for p in query.phrases]
            words_query = " && ".join(parts)
            where.append(f"{DOCUMENT} @@ ({words_query})")
        else:
            joins = f" JOIN {FTS_TABLE} ON {FTS_TABLE}.rowid = m.id"
            where.append(f"{FTS_TABLE} MATCH {s.value(fts_match(query.words, query.phrases, query.prefix))}")
        if not newest:
            if len(query.words) > 1:
                # Capped, the phrase is looked for among the ranked matches' ids only.
                lowest = "(SELECT min(id) FROM m)" if capped else None
                rank.append(f"CASE WHEN {_matches(s, query.words, phrase=True, lowest=lowest)} THEN 0 ELSE 1 END")
            rank.append(f"ts_rank_cd({DOCUMENT}, ({words_query})) DESC" if postgres else f"bm25({FTS_TABLE})")
    # Without words to match there is no document in the statement: the live text decides.
    vector = DOCUMENT if query.has_text else PG_VECTOR
    for words in query.excluded:
        where.append(f"NOT {_matches(s, words, phrase=True, vector=vector)}")
    if filters.author_ids is not None:
        where.append(f"m.created_by_id {s.id_list(filters.author_ids)}" if filters.author_ids else "1 = 0")
    if filters.hidden_author_ids:
        where.append(f"(m.created_by_id IS NULL OR NOT m.created_by_id {s.id_list(filters.hidden_author_ids)})")
    if filters.mention_ids is not None:
        where.append(_mentions(s, filters.mention_ids) if filters.mention_ids else "1 = 0")
    for kind in query.has:
        where.append(_has(s, kind, filters.channel_ids))
    if query.pinned is not None:
        where.append(f"m.pinned = {s.value(query.pinned)}")
    if query.after is not None:
        where.append(f"m.id >= {s.value(flake_at(query.after))}")
    if query.before is not None:
        where.append(f"m.id < {s.value(flake_at(query.before))}")
    if before_id is not None:
        where.append(f"m.id < {s.value(before_id)}")
    if not postgres and (query.has_text or query.excluded):
        where.append(f"m.id NOT IN (SELECT message_id FROM {CHANGES})")
    if postgres and query.has_text:
        # The matches come from the GIN index (``+ 0`` keeps the planner from walking the id
        # index and testing each document), newest first, at most RANKED of them; the page is
        # ranked among those.
        cap = limit if newest else max(RANKED, offset + limit)
        return (
            f"WITH hits AS MATERIALIZED (SELECT m.id, d.tsv FROM {DOCUMENTS} d "
            "JOIN messages m ON m.id = d.message_id AND m.edited_at IS NOT DISTINCT FROM d.edited_at "
            f"WHERE {' AND '.join(where)} ORDER BY d.message_id + 0 DESC LIMIT {s.value(cap)}) "
            f"SELECT d.id FROM hits d ORDER BY {', '.join([*rank, 'd.id DESC'])} "
            f"LIMIT {s.value(limit)} OFFSET {s.value(offset)}",
            s.values,
        )
    order = ", ".join([*rank, "m.id DESC"])
    if capped:
        # SQLite: FTS5 reads the matches newest first by rowid and stops at RANKED in the scope;
        # bm25 scores those only (two common words match most of a million messages). With a
        # narrowing filter SQLite's own plan (the author's messages, then the words) is cheaper
        # than walking the matches until RANKED of them pass.
        return (
            f"WITH m AS MATERIALIZED (SELECT m.id, bm25({FTS_TABLE}) AS score FROM messages m{joins} "
            f"WHERE {' AND '.join(where)} ORDER BY {FTS_TABLE}.rowid DESC "
            f"LIMIT {s.value(max(RANKED, offset + limit))}) "
            f"SELECT m.id FROM m ORDER BY {order.replace(f'bm25({FTS_TABLE})', 'm.score')} "
            f"LIMIT {s.value(limit)} OFFSET {s.value(offset)}",
            s.values,
        )
    sql = (
        f"SELECT m.id FROM messages m{joins} WHERE {' AND '.join(where)} "
        f"ORDER BY {order} LIMIT {s.value(limit)} OFFSET {s.value(offset)}"
    )
    return sql, s.values


def _matches(s: Statement, words: list[str], phrase: bool, vector: str = DOCUMENT, lowest: str | None = None) -> str:
    """Whether message ``m`` holds ``words`` (as one phrase when ``phrase``): for ranking and -word.
    SQLite: ``lowest``, an expression, bounds the ids read from the index (they are all >= it)."""
    if s.postgres:
        return f"{vector} @@ to_tsquery('{PG_CONFIG}', {s.value(tsquery(words, phrase=phrase))})"
    text = '"' + " ".join(words) + '"' if phrase else " AND ".join(f'"{w}"' for w in words)
    bound = f" AND rowid >= {lowest}" if lowest else ""
    return f"m.id IN (SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH {s.value(text)}{bound})"


def _mentions(s: Statement, user_ids: list[int]) -> str:
    names = [str(user_id) for user_id in user_ids]
    if s.postgres:
        return f"m.mention_user_ids ?| {s.value(names)}::text[]"
    listed = ", ".join(s.value(name) for name in names)
    return f"EXISTS (SELECT 1 FROM json_each(m.mention_user_ids) WHERE json_each.value IN ({listed}))"


def _has(s: Statement, kind: str, channel_ids: list[int]) -> str:
    # The attachments of the searched channels, gathered once (their channel is indexed, their
    # message is not: a lookup per message read every attachment, ~90 s for a server of 100,000).
    if kind in ("file", "image"):
        image = " AND a.mime LIKE 'image/%'" if kind == "image" else ""
        return (
            f"m.id IN (SELECT a.message_id FROM message_attachments a "
            f"WHERE a.channel_id {s.id_list(channel_ids)}{image})"
        )
    if kind == "link":
        return "(m.content LIKE '%http://%' OR m.content LIKE '%https://%')"
    if kind == "embed":
        return "(m.embed IS NOT NULL OR m.html_embed IS NOT NULL)"
    return "1 = 0"  # has:poll — messages carry no polls (posts do)
