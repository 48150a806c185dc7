"""POST and DELETE /api/users/:userId/follow (rest.md §1.30–1.31); blocks end follows."""

from __future__ import annotations

import pytest

from core.identity.models import User
from plugins.social.models import Follow
from tests.plugins.accounts.helpers import ping
from tests.plugins.friends.helpers import assert_limited, block, error
from tests.plugins.social.helpers import confirmed, follow, unfollow
from tests.support import call, new_person


async def follows() -> set[tuple[int, int]]:
    return {(f.followed_by_id, f.followed_to_id) for f in await Follow.all()}


async def test_follow_and_unfollow(client):
    me, them = await confirmed(), await new_person()
    assert await follow(client, me, them.id) == (200, {"status": True})
    assert await follows() == {(int(me.id), int(them.id))}
    assert await unfollow(client, me, them.id) == (200, {"status": True})
    assert await follows() == set()


async def test_following_needs_a_confirmed_email(client):
    me, them = await new_person(), await new_person()
    assert await follow(client, me, them.id) == (400, error("You must confirm your email to follow users."))
    assert await follows() == set()


async def test_follow_refusals(client):
    me, them = await confirmed(), await new_person()
    await follow(client, me, them.id)
    assert await follow(client, me, them.id) == (400, error("You are already following this user."))
    assert await follow(client, me, me.id) == (400, error("You cannot follow yourself."))
    for missing in ("123456789", "nope"):
        assert await follow(client, me, missing) == (400, error("Something went wrong. Try again later."))
    assert await follows() == {(int(me.id), int(them.id))}


async def test_a_deleted_account_cannot_be_followed(client):
    me, them = await confirmed(), await new_person()
    await User.filter(id=int(them.id)).update(deleted=True)
    assert await follow(client, me, them.id) == (400, error("Something went wrong. Try again later."))


@pytest.mark.parametrize("blocker", ["me", "them"])
async def test_blocks_either_way_stop_following(client, blocker):
    me, them = await confirmed(), await confirmed()
    await block(client, *((me, them) if blocker == "me" else (them, me)))
    assert await follow(client, me, them.id) == (400, error("This user is blocked."))
    assert await follow(client, them, me.id) == (400, error("This user is blocked."))
    assert await follows() == set()


async def test_blocking_removes_follows_both_ways_and_only_those(client):
    me, them, other = await confirmed(), await confirmed(), await confirmed()
    await follow(client, me, them.id)
    await follow(client, them, me.id)
    await follow(client, other, them.id)
    await follow(client, me, other.id)
    await block(client, them, me)
    assert await follows() == {(int(other.id), int(them.id)), (int(me.id), int(other.id))}


async def test_unfollow_refusals(client):
    me, them = await confirmed(), await new_person()
    assert await unfollow(client, me, them.id) == (400, error("You are already not following this user."))
    assert await unfollow(client, me, "nope") == (400, error("You are already not following this user."))
    await follow(client, me, them.id)
    assert await unfollow(client, them, me.id) == (400, error("You are already not following this user."))
    assert await follows() == {(int(me.id), int(them.id))}


async def test_following_sends_no_socket_event(live_client, sockets):
    me, them = await confirmed(), await new_person()
    theirs = await sockets(them.token)
    await follow(live_client, me, them.id)
    await ping(live_client, them, theirs)
    # (the posts plugin's FOLLOWED notification raises their unread count a moment later, in its own
    # post:notification_count; on a slow machine it can arrive before the ping)
    ignored = ("user:authenticated", "user:updatedSelf", "post:notification_count")
    assert [e for e, _ in theirs.events if e not in ignored] == []


@pytest.mark.parametrize("method", ["POST", "DELETE"])
async def test_needs_a_user_token(client, method):
    them = await new_person()
    assert await call(client, method, f"/api/users/{them.id}/follow") == (401, error("No token provided."))
    assert await follows() == set()


async def test_deleting_an_account_drops_its_follows(client):
    me, them, other = await confirmed(), await confirmed(), await confirmed()
    await follow(client, me, them.id)
    await follow(client, them, me.id)
    await follow(client, other, them.id)
    status, _ = await call(client, "DELETE", "/api/users/delete-account", {"password": me.password}, token=me.token)
    assert status == 200
    assert await follows() == {(int(other.id), int(them.id))}


async def test_follow_rate_limit_is_20_per_minute(client, limited):
    me = await confirmed()
    others = [await new_person() for _ in range(21)]
    for other in others[:20]:
        assert (await follow(limited, me, other.id))[0] == 200
    assert_limited(*await follow(limited, me, others[20].id), window_ms=60_000)


async def test_unfollow_rate_limit_is_20_per_minute(client, limited):
    me, them = await confirmed(), await new_person()
    for _ in range(20):
        assert (await unfollow(limited, me, them.id))[0] == 400
    assert_limited(*await unfollow(limited, me, them.id), window_ms=60_000)
