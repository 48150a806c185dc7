"""Hearth's search of posts (``GET /api/search/posts``): the box's words and filters over the
posts' words index, for the posts the caller's feed and Discover would show them — never those of
people they blocked or who blocked them, of suspended or shadow-banned authors (but their own),
deleted posts, or a shared forum post whose forum they cannot view. The page is loaded by the
posts plugin itself (``serialize_ids``), which applies the gates of gated posts as every post list
does; a page may so come back shorter than ``limit`` (the cursor still goes on)."""

from __future__ import annotations

from typing import Any

from tortoise import connections
from werkzeug.datastructures import MultiDict

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.prepared import fetch_rows
from plugins.search import post_statement
from plugins.search.highlight import highlights
from plugins.search.query import parse
from plugins.search.service import MAX_OFFSET, SORTS, _choice, _cursor, _limit, _users

# What a post search ignores: posts are in no channel, and a post's pin is its author's profile's.
IGNORED = ("in", "pinned")


async def search_posts(user: User, args: MultiDict) -> dict[str, Any]:
    if not hearth().plugins.enabled("posts"):  # the route is not served then (plugin.py)
        raise ApiError(404, "Not found.")
    from plugins.posts.relations import relations
    from plugins.posts.wire import serialize_ids

    query = parse(args.get("q", ""))
    query.channels, query.pinned = [], None
    sort = _choice(args, "sort", SORTS)
    limit = _limit(args)
    offset, before_id = _cursor(args.get("cursor"), sort)
    if query.is_empty:
        raise ApiError(400, "Type something to search for.", "q")
    rel = await relations(user)
    hidden = set(rel.blocked) | (set() if rel.bypass else set(rel.blocked_by))
    hidden |= hearth().standing.unlisted_authors() - {user.id}
    filters = post_statement.PostFilters(
        author_ids=await _users(query.authors) if query.authors else None,
        mention_ids=await _users(query.mentions) if query.mentions else None,
        hidden_author_ids=sorted(hidden),
    )
    postgres = connections.get("default").capabilities.dialect == "postgres"
    sql, values = post_statement.build(query, filters, postgres, sort == "newest", limit + 1, offset, before_id)
    ids = [row[0] for row in await fetch_rows(sql, values)]
    more, ids = len(ids) > limit, ids[:limit]
    posts = await serialize_ids(ids, rel)
    cursor = None
    if more and sort == "newest":
        cursor = f"b{ids[-1]}"
    elif more and offset + limit <= MAX_OFFSET:
        cursor = f"o{offset + limit}"
    return {
        "results": [{"post": post, "highlights": highlights(post.get("content"), query)} for post in posts],
        "cursor": cursor,
    }
