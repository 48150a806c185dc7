"""GET /api/users/:userId?/followers and /following (rest.md §1.32–1.33)."""

from __future__ import annotations

import pytest

from tests.plugins.friends.helpers import assert_limited, error, public_user_keys
from tests.plugins.social.helpers import confirmed, follow
from tests.support import call, new_person


async def hide(client, person, **flags):
    status, body = await call(client, "POST", "/api/users", flags, token=person.token)
    assert status == 200, body


async def test_followers_and_following_are_public_users(client):
    star, fan1, fan2 = await confirmed(), await confirmed(), await confirmed()
    await follow(client, fan1, star.id)
    await follow(client, fan2, star.id)
    await follow(client, star, fan1.id)
    status, followers = await call(client, "GET", f"/api/users/{star.id}/followers", token=fan2.token)
    assert status == 200
    assert [u["id"] for u in followers] == [fan1.id, fan2.id]
    assert all(set(u) == public_user_keys() for u in followers)
    _, following = await call(client, "GET", f"/api/users/{star.id}/following", token=fan2.token)
    assert [u["id"] for u in following] == [fan1.id]
    _, empty = await call(client, "GET", f"/api/users/{fan2.id}/followers", token=star.token)
    assert empty == []


async def test_without_a_user_id_you_get_your_own_lists(client):
    me, fan = await confirmed(), await confirmed()
    await follow(client, fan, me.id)
    await follow(client, me, fan.id)
    for path in ("/api/users/followers", "/api/users//followers"):
        assert [u["id"] for u in (await call(client, "GET", path, token=me.token))[1]] == [fan.id]
    assert [u["id"] for u in (await call(client, "GET", "/api/users/following", token=me.token))[1]] == [fan.id]


@pytest.mark.parametrize(
    ("kind", "flag", "message"),
    [
        ("followers", "hideFollowers", "This user has hidden their followers list"),
        ("following", "hideFollowing", "This user has hidden their following list"),
    ],
)
async def test_hidden_lists_are_refused_to_others_but_not_to_the_owner(client, kind, flag, message):
    me, other = await confirmed(), await confirmed()
    await follow(client, other, me.id)
    await follow(client, me, other.id)
    await hide(client, me, **{flag: True})
    assert await call(client, "GET", f"/api/users/{me.id}/{kind}", token=other.token) == (400, error(message))
    status, own = await call(client, "GET", f"/api/users/{me.id}/{kind}", token=me.token)
    assert status == 200 and [u["id"] for u in own] == [other.id]


@pytest.mark.parametrize("kind", ["followers", "following"])
async def test_unknown_users(client, kind):
    me = await new_person()
    for missing in ("123456789", "nope"):
        assert await call(client, "GET", f"/api/users/{missing}/{kind}", token=me.token) == (400, error("invalid User"))


@pytest.mark.parametrize("kind", ["followers", "following"])
async def test_needs_a_user_token(client, kind):
    me = await new_person()
    assert await call(client, "GET", f"/api/users/{me.id}/{kind}") == (401, error("No token provided."))


@pytest.mark.parametrize("kind", ["followers", "following"])
async def test_rate_limit_is_20_per_minute(client, limited, kind):
    me = await new_person()
    for _ in range(20):
        assert (await call(limited, "GET", f"/api/users/{me.id}/{kind}", token=me.token))[0] == 200
    assert_limited(*await call(limited, "GET", f"/api/users/{me.id}/{kind}", token=me.token), window_ms=60_000)
