"""The social keys of GET /api/users/:userId (rest.md §1.28)."""

from __future__ import annotations

from tests.plugins.social.helpers import confirmed, follow
from tests.support import call, new_person


async def profile(client, viewer, user):
    status, body = await call(client, "GET", f"/api/users/{user.id}", token=viewer.token if viewer else None)
    assert status == 200, body
    return body


async def test_followers_and_following_mark_the_viewers_relation(client):
    me, them, fan = await confirmed(), await confirmed(), await confirmed()
    body = await profile(client, me, them)
    assert (body["user"]["followers"], body["user"]["following"], body["followsYou"]) == ([], [], False)
    await follow(client, me, them.id)
    body = await profile(client, me, them)
    assert body["user"]["followers"] == [{"followedToId": them.id}]
    assert (body["user"]["following"], body["followsYou"]) == ([], False)
    await follow(client, them, me.id)
    await follow(client, fan, them.id)
    body = await profile(client, me, them)
    assert body["user"]["following"] == [{"followedToId": me.id}] and body["followsYou"] is True
    assert body["user"]["_count"] == {"followers": 2, "following": 1, "likedPosts": 0, "posts": 0}


async def test_hidden_counts_are_zero_for_others_only(client):
    me, them = await confirmed(), await confirmed()
    await follow(client, me, them.id)
    await follow(client, them, me.id)
    await call(client, "POST", "/api/users", {"hideFollowers": True, "hideFollowing": True}, token=them.token)
    assert (await profile(client, me, them))["user"]["_count"] == {
        "followers": 0,
        "following": 0,
        "likedPosts": 0,
        "posts": 0,
    }
    assert (await profile(client, None, them))["user"]["_count"]["followers"] == 0
    own = await profile(client, them, them)
    assert (own["user"]["_count"]["followers"], own["user"]["_count"]["following"]) == (1, 1)


async def test_anonymous_viewers_see_counts_only(client):
    them, fan = await new_person(), await confirmed()
    await follow(client, fan, them.id)
    body = await profile(client, None, them)
    assert (body["user"]["followers"], body["user"]["following"], body["followsYou"]) == ([], [], False)
    assert body["user"]["_count"]["followers"] == 1
