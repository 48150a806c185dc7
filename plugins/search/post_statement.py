"""The one statement a post search runs: the posts' words index (``plugins/posts/searchindex.py``)
and every filter in its WHERE clause, ranked in its ORDER BY, one page in its LIMIT. Placeholders
are ``$n`` (``core.prepared.fetch_rows`` turns them into SQLite's ``?n``).

Only posts with words can match: reposts (no content of their own) and deleted posts (emptied)
never do. Ranking as for messages: the words as one phrase first, then the index's score
(``ts_rank_cd`` / ``bm25``), then the newer post, among the newest RANKED matches (on both
databases: scoring every match of a common word costs a second at 300,000 posts); ``newest`` is
id order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.context import hearth
from plugins.search.query import Query
from plugins.search.statement import RANKED, Statement, flake_at, fts_match, tsquery


@dataclass
class PostFilters:
    author_ids: list[int] | None = None  # None: anyone; [] is a from: that named nobody
    mention_ids: list[int] | None = None
    hidden_author_ids: list[int] = field(default_factory=list)


class PostIndex:
    """The names of the posts' words index (the posts plugin is optional here: imported when used)."""

    def __init__(self) -> None:
        if not hearth().plugins.enabled("posts"):
            raise RuntimeError("post search needs the posts plugin")
        from plugins.posts.searchindex import FTS_TABLE, PG_CONFIG, pg_words

        self.fts_table, self.pg_config, self.vector = FTS_TABLE, PG_CONFIG, pg_words("p")


def build(
    query: Query, filters: PostFilters, postgres: bool, newest: bool, limit: int, offset: int, before_id: int | None
) -> tuple[str, list[Any]]:
    s = Statement(postgres)
    index = PostIndex()
    table, config, vector = index.fts_table, index.pg_config, index.vector
    where = ["NOT p.deleted", "p.repost_id IS NULL", "p.content IS NOT NULL"]
    joins, rank = "", []
    if query.has_text:
        if postgres:
            parts = [f"to_tsquery('{config}', {s.value(tsquery(query.words, query.prefix))})"] if query.words else []
            parts += [f"to_tsquery('{config}', {s.value(tsquery(p, phrase=True))})" for p in query.phrases]
            words_query = " && ".join(parts)
            where.append(f"{vector} @@ ({words_query})")
        else:
            joins = f" JOIN {table} ON {table}.rowid = p.id"
            where.append(f"{table} MATCH {s.value(fts_match(query.words, query.phrases, query.prefix))}")
        if not newest:
            if len(query.words) > 1:
                rank.append(f"CASE WHEN {_matches(s, index, query.words, phrase=True)} THEN 0 ELSE 1 END")
            rank.append(f"ts_rank_cd({vector}, ({words_query})) DESC" if postgres else f"bm25({table})")
    for words in query.excluded:
        where.append(f"NOT {_matches(s, index, words, phrase=True)}")
    if filters.author_ids is not None:
        where.append(f"p.created_by_id {s.id_list(filters.author_ids)}" if filters.author_ids else "1 = 0")
    if filters.hidden_author_ids:
        where.append(f"NOT p.created_by_id {s.id_list(filters.hidden_author_ids)}")
    if filters.mention_ids is not None:
        where.append(_mentions(s, filters.mention_ids) if filters.mention_ids else "1 = 0")
    for kind in query.has:
        where.append(_has(kind))
    if query.after is not None:
        where.append(f"p.id >= {s.value(flake_at(query.after))}")
    if query.before is not None:
        where.append(f"p.id < {s.value(flake_at(query.before))}")
    if before_id is not None:
        where.append(f"p.id < {s.value(before_id)}")
    order = ", ".join([*rank, "p.id DESC"])
    if postgres and rank:
        # The newest RANKED matches are ranked. The words are stored, so the planner picks how
        # to find them: walking the newest posts, testing each (a word in most posts: ~RANKED
        # rows read), or the GIN index (a rarer word, or with a narrowing filter).
        return (
            f"WITH p AS MATERIALIZED (SELECT p.id, {vector} FROM posts p WHERE {' AND '.join(where)} "
            f"ORDER BY p.id DESC LIMIT {s.value(max(RANKED, offset + limit))}) "
            f"SELECT p.id FROM p ORDER BY {order} LIMIT {s.value(limit)} OFFSET {s.value(offset)}",
            s.values,
        )
    narrow = filters.author_ids is not None or filters.mention_ids is not None or bool(query.has)
    if joins and rank and not narrow:
        # SQLite: FTS5 reads the matches newest first by rowid and stops at RANKED; bm25 scores
        # those only (scoring all matches of a common word took ~0.4 s at 300,000 posts). With a
        # narrowing filter, SQLite's own plan (the author's posts, then the words) is cheaper than
        # walking the matches until RANKED of them pass.
        return (
            f"WITH p AS MATERIALIZED (SELECT p.id, bm25({table}) AS score FROM posts p{joins} "
            f"WHERE {' AND '.join(where)} ORDER BY {table}.rowid DESC LIMIT {s.value(max(RANKED, offset + limit))}) "
            f"SELECT p.id FROM p ORDER BY {order.replace(f'bm25({table})', 'p.score')} "
            f"LIMIT {s.value(limit)} OFFSET {s.value(offset)}",
            s.values,
        )
    if joins:  # newest first, in the full-text table's rowid order
        order = f"{table}.rowid DESC"
    sql = (
        f"SELECT p.id FROM posts p{joins} WHERE {' AND '.join(where)} "
        f"ORDER BY {order} LIMIT {s.value(limit)} OFFSET {s.value(offset)}"
    )
    return sql, s.values


def _matches(s: Statement, index: PostIndex, words: list[str], phrase: bool) -> str:
    """Whether post ``p`` holds ``words`` (as one phrase when ``phrase``): for ranking and -word."""
    if s.postgres:
        return f"{index.vector} @@ to_tsquery('{index.pg_config}', {s.value(tsquery(words, phrase=phrase))})"
    text = '"' + " ".join(words) + '"' if phrase else " AND ".join(f'"{w}"' for w in words)
    table = index.fts_table
    return f"p.id IN (SELECT rowid FROM {table} WHERE {table} MATCH {s.value(text)})"


def _mentions(s: Statement, user_ids: list[int]) -> str:
    """Posts keep their mentioned users' ids as a JSON array of numbers."""
    if s.postgres:
        return (
            "EXISTS (SELECT 1 FROM jsonb_array_elements_text(p.mention_user_ids) AS e(id) "
            f"WHERE e.id::bigint {s.id_list(user_ids)})"
        )
    listed = ", ".join(s.value(user_id) for user_id in user_ids)
    return f"EXISTS (SELECT 1 FROM json_each(p.mention_user_ids) WHERE json_each.value IN ({listed}))"


def _has(kind: str) -> str:
    if kind in ("file", "image"):  # a post's one attachment is always an image
        return "p.attachment IS NOT NULL"
    if kind == "link":
        return "(p.content LIKE '%http://%' OR p.content LIKE '%https://%')"
    if kind == "embed":
        return "p.embed IS NOT NULL"
    return "p.has_poll"
