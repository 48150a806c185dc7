"""The statement a search runs: the index's match, the scope's channels and every filter in its
WHERE clause, ranked in its ORDER BY, one page in its LIMIT. Placeholders are ``$n``
(``core.prepared.fetch_rows`` turns them into SQLite's ``?n``); every value is a parameter. On
PostgreSQL the service may run it on a window of the newest documents first (``since``).

Ranking: a message holding the query's words as one phrase first, then the index's score
(PostgreSQL ``ts_rank_cd``, which also rewards words close together; on SQLite ``SQLITE_SCORE``),
then the newer message. ``newest`` sorts by id alone (ids grow with time). The ranking weighs the
newest RANKED matches (a word in half of a server's messages would otherwise have its tens of
thousands of matches scored on every search); on SQLite not with ``from:``, ``mentions:`` or
``has:``, which narrow the messages more cheaply than walking the matches.

Both indexes are written after commit (``indexer.py``), PostgreSQL's ``search_documents`` and
SQLite's FTS5 table, and neither says whether a message was edited or deleted since: a message
with a change still noted in ``search_changes`` is left out of every statement that reads the
index — missed for a moment, never found by words it no longer holds. On PostgreSQL the message
rows are read only for a filter of theirs (``from:``, ``mentions:``, ``has:``, ``pinned:``,
blocked authors): a document carries its channel and id, and only content messages have one."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from core.ids import EPOCH_MS
from plugins.messages.models import CONTENT
from plugins.search.index import CHANGES, DOCUMENTS, FTS_TABLE, PG_CONFIG, PG_VECTOR
from plugins.search.query import Query

RANKED = 1000
DOCUMENT = "d.tsv"  # a document's words, in the statement's match and ranking
# SQLite's score of a match in CTE ``m``: bm25's shape (k1 = 1.2, b = 0.75) with every word
# weighted alike, as ``ts_rank_cd`` weighs them: the words matched against the message's length,
# relative to the matches' mean. FTS5's ``bm25`` weighs a word by its rarity in the whole index,
# which it learns by reading every match of each word on every search: 5–40 ms of CPU for words
# in most messages, whatever the page. The words matched: ``highlight`` puts char(1) before each
# in the index's copy of the text, which is the message's (a changed one is left out).
SQLITE_HITS = f"length(highlight({FTS_TABLE}, 0, char(1), '')) - length(m.content)"
SQLITE_SCORE = "m.hits * 2.2 / (m.hits + 1.2 * (0.25 + 0.75 * m.size / (SELECT max(avg(size), 1) FROM m)))"


def flake_at(moment: datetime) -> int:
    """The smallest message id made at ``moment`` or later."""
    return max(0, int(moment.timestamp() * 1000) - EPOCH_MS) << 22


def tsquery(words: list[str], prefix: bool = False, phrase: bool = False) -> str:
    """PostgreSQL ``to_tsquery`` text of folded words (letters and digits only: no syntax)."""
    terms = [f"'{word}'" for word in words]
    if prefix and terms:
        terms[-1] += ":*"
    return (" <-> " if phrase else " & ").join(terms)


def fts_match(words: list[str], phrases: list[list[str]], prefix: bool = False, longer: list[str] | None = None) -> str:
    """SQLite FTS5 MATCH text: every word, every phrase (letters and digits only: no syntax).
    ``longer``: the indexed words the last one begins (``index.longer_words``), matched with it
    instead of the prefix."""
    terms = [f'"{word}"' for word in words]
    if prefix and terms:
        if longer is None:
            terms[-1] += "*"
        else:
            terms[-1] = "(" + " OR ".join([terms[-1], *(f'"{word}"' for word in longer)]) + ")"
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


def cap(newest: bool, limit: int, offset: int) -> int:
    """The matches a statement ranks (PostgreSQL; SQLite's CTE when capped): the newest so many."""
    return limit if newest else max(RANKED, offset + limit)


def window(query: Query, before_id: int | None, span: timedelta) -> tuple[int, int]:
    """``(lowest, top)`` ids of the newest ``span`` of the search's range, which ends now, at
    ``before:`` or at the page's cursor."""
    top = flake_at(datetime.now(UTC))
    if query.before is not None:
        top = min(top, flake_at(query.before))
    if before_id is not None:
        top = min(top, before_id)
    return max(0, top - (int(span.total_seconds() * 1000) << 22)), top


def window_documents(lowest: int, top: int) -> tuple[str, list[Any]]:
    """PostgreSQL: how many documents a window holds (what walking it reads)."""
    return f"SELECT count(*) FROM {DOCUMENTS} WHERE message_id >= $1 AND message_id < $2", [lowest, top]


def build(
    query: Query,
    filters: Filters,
    postgres: bool,
    newest: bool,
    limit: int,
    offset: int,
    before_id: int | None,
    since: int | None = None,
) -> tuple[str, list[Any]]:
    """PostgreSQL with words: ``since`` walks the documents from that id on (a window) instead of
    reading the GIN, and each row also says how many matches were ranked (``cap`` when full)."""
    s = Statement(postgres)
    # On PostgreSQL with words the documents are read (their channel and id are theirs), and the
    # message rows only for a filter of theirs (``message``).
    documents = postgres and query.has_text
    channel, ident = ("d.channel_id", "d.message_id") if documents else ("m.channel_id", "m.id")
    scope = f"{channel} {s.id_list(filters.channel_ids)}"
    where, message = [scope], [] if documents else [f"m.type = {CONTENT}"]
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
            match = f"{DOCUMENT} @@ ({words_query})"
            if since is not None:
                # Each document of the window is read: its channel tested first, then its words
                # (``IS TRUE`` is no operator of the GIN's, so the planner cannot use it).
                match = f"d.message_id >= {s.value(since)} AND ({scope} AND {match}) IS TRUE"
            where.append(match)
        else:
            joins = f" JOIN {FTS_TABLE} ON {FTS_TABLE}.rowid = m.id"
            text = fts_match(query.words, query.phrases, query.prefix, query.longer)
            where.append(f"{FTS_TABLE} MATCH {s.value(text)}")
        if not newest:
            if len(query.words) > 1:
                # Capped, the phrase is looked for among the ranked matches' ids only.
                lowest = "(SELECT min(id) FROM m)" if capped else None
                rank.append(f"CASE WHEN {_matches(s, query.words, phrase=True, lowest=lowest)} THEN 0 ELSE 1 END")
            rank.append(f"ts_rank_cd({DOCUMENT}, ({words_query})) DESC" if postgres else f"{SQLITE_SCORE} DESC")
    # Without words to match there is no document in the statement: the live text decides.
    vector = DOCUMENT if query.has_text else PG_VECTOR
    for words in query.excluded:
        where.append(f"NOT {_matches(s, words, phrase=True, vector=vector)}")
    if filters.author_ids is not None:
        message.append(f"m.created_by_id {s.id_list(filters.author_ids)}" if filters.author_ids else "1 = 0")
    if filters.hidden_author_ids:
        message.append(f"(m.created_by_id IS NULL OR NOT m.created_by_id {s.id_list(filters.hidden_author_ids)})")
    if filters.mention_ids is not None:
        message.append(_mentions(s, filters.mention_ids) if filters.mention_ids else "1 = 0")
    for kind in query.has:
        message.append(_has(s, kind, filters.channel_ids))
    if query.pinned is not None:
        message.append(f"m.pinned = {s.value(query.pinned)}")
    if query.after is not None:
        where.append(f"{ident} >= {s.value(flake_at(query.after))}")
    if query.before is not None:
        where.append(f"{ident} < {s.value(flake_at(query.before))}")
    if before_id is not None:
        where.append(f"{ident} < {s.value(before_id)}")
    if documents or (not postgres and (query.has_text or query.excluded)):
        where.append(f"{ident} NOT IN (SELECT message_id FROM {CHANGES})")
    where += message
    if documents:
        # The matches come from the GIN index (``+ 0`` keeps the planner from walking the id
        # index and testing each document) or from a window's documents, newest first, at most
        # ``cap`` of them; the page is ranked among those.
        join = " JOIN messages m ON m.id = d.message_id" if message else ""
        return (
            f"WITH hits AS MATERIALIZED (SELECT d.message_id AS id, d.tsv FROM {DOCUMENTS} d{join} "
            f"WHERE {' AND '.join(where)} ORDER BY d.message_id + 0 DESC "
            f"LIMIT {s.value(cap(newest, limit, offset))}) "
            f"SELECT d.id, (SELECT count(*) FROM hits) FROM hits d ORDER BY {', '.join([*rank, 'd.id DESC'])} "
            f"LIMIT {s.value(limit)} OFFSET {s.value(offset)}",
            s.values,
        )
    order = ", ".join([*rank, "m.id DESC"])
    if not postgres and query.has_text and not newest:
        # SQLite: the matches (capped: FTS5 reads them newest first by rowid and stops at RANKED
        # in the scope) with what the score needs, then the page. With a narrowing filter SQLite's
        # own plan (the author's messages, then the words) is cheaper than walking the matches
        # until RANKED of them pass, and every match is scored.
        newest_first = f" ORDER BY {FTS_TABLE}.rowid DESC LIMIT {s.value(cap(False, limit, offset))}"
        return (
            f"WITH m AS MATERIALIZED (SELECT m.id, length(m.content) AS size, {SQLITE_HITS} AS hits "
            f"FROM messages m{joins} "
            f"WHERE {' AND '.join(where)}{newest_first if capped else ''}) "
            f"SELECT m.id FROM m ORDER BY {order} LIMIT {s.value(limit)} OFFSET {s.value(offset)}",
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
