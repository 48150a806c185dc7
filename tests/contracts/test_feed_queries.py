"""The feed costs a fixed number of statements: a bigger page, or a user following more people,
sends the same statements (no query per post, per author or per followed user)."""

from __future__ import annotations

import re
from typing import Any

from tests.contracts.queries import captured_queries, shape
from tests.plugins.posts.helpers import confirmed, get, post
from tests.plugins.social.helpers import follow
from tests.support import Person, call


async def reader_with_feed(client: Any, followed: int, posts: int) -> Person:
    """A reader following ``followed`` people whose feed holds ``posts`` posts of every kind:
    plain, with a poll, mentioning someone, liked by the reader, reposted by a followed user;
    the newest is a repost of a post older than any page (so its original loads apart)."""
    reader = await confirmed()
    authors = [await confirmed() for _ in range(followed)]
    for author in authors:
        await follow(client, reader, author.id)
    for n in range(posts):
        author = authors[n % len(authors)]
        kind = n % 4
        if kind == 0:
            made = await post(client, author, f"plain {n}")
        elif kind == 1:
            made = await post(client, author, f"poll {n}", poll={"choices": ["a", "b"]})
        elif kind == 2:
            made = await post(client, author, f"hi @{reader.username}:{reader.tag}")
        else:
            made = await post(client, author, f"liked {n}")
            await call(client, "POST", f"/api/posts/{made['id']}/like", token=reader.token)
        if n == 0:
            oldest = made
    await call(client, "POST", f"/api/posts/{oldest['id']}/repost", token=authors[-1].token)
    return reader


def without_id_lists(queries: list[str]) -> list[str]:
    """Id lists and the page size written into the statement (plugins/posts/idlist.py and
    pagesql.py) read as one value each."""
    return [re.sub(r"LIMIT [0-9]+", "LIMIT n", re.sub(r"IN \([0-9,]+\)", "IN (ids)", q)) for q in queries]


async def feed_queries(client: Any, reader: Person, limit: int) -> list[str]:
    with captured_queries() as queries:
        page = await get(client, reader, f"/api/posts/feed?limit={limit}")
    assert len(page) == limit
    return queries


async def test_a_bigger_page_and_more_follows_cost_no_more_statements(app, client):
    small = await reader_with_feed(client, followed=2, posts=5)
    big = await reader_with_feed(client, followed=8, posts=16)
    await get(client, small, "/api/posts/feed")  # warm up whatever is built once per process
    await app.extensions["posts"].live.settled()  # live counts query on their own, later

    small_queries = await feed_queries(client, small, limit=5)
    big_queries = await feed_queries(client, big, limit=16)
    assert shape(without_id_lists(big_queries)) == shape(without_id_lists(small_queries))
    assert len(small_queries) <= 12
