"""The feed reads a few followed people's posts through their index, and many people's by reading
the newest posts backwards (plugins/posts/queries.py, ``FEW_AUTHORS``): both give the same page."""

from __future__ import annotations

import pytest

from plugins.posts import queries
from tests.plugins.friends.helpers import block
from tests.plugins.posts.helpers import confirmed, get, ids, post
from tests.plugins.social.helpers import follow
from tests.support import call


@pytest.mark.parametrize("few_authors", [50, 0])
async def test_both_ways_of_reading_the_feed_give_the_same_page(client, monkeypatch, few_authors):
    monkeypatch.setattr(queries, "FEW_AUTHORS", few_authors)
    me, friend, other, stranger = [await confirmed() for _ in range(4)]
    for person in (friend, other):
        await follow(client, me, person.id)
    mine = await post(client, me, "mine")
    theirs = await post(client, friend, "theirs")
    await post(client, stranger, "a stranger's")
    gone = await post(client, other, "soon blocked")
    quoted = await post(client, stranger, "reposted")
    status, repost = await call(client, "POST", f"/api/posts/{quoted['id']}/repost", token=friend.token)
    assert status == 200
    newest_first = [repost["id"], gone["id"], theirs["id"], mine["id"]]
    assert ids(await get(client, me, "/api/posts/feed")) == newest_first
    assert ids(await get(client, me, f"/api/posts/feed?afterId={gone['id']}&limit=1")) == [theirs["id"]]
    page = await get(client, me, "/api/posts/feed")
    assert page[0]["repost"]["reposts"] == [
        {"id": repost["id"], "createdBy": {"id": friend.id, "username": friend.username}}
    ]
    await block(client, other, me)  # who blocks me leaves my feed
    assert ids(await get(client, me, "/api/posts/feed")) == [repost["id"], theirs["id"], mine["id"]]
