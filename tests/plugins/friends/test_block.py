"""POST and DELETE /api/users/:userId/block (rest.md §1.20–1.21, realtime.md §5.1, §5.3)."""

from __future__ import annotations

import pytest

from core.identity.models import User
from core.wire import public_user
from plugins.friends.models import Friend
from tests.plugins.accounts.helpers import ping
from tests.plugins.friends.helpers import assert_limited, block, error, make_friends, request_friend
from tests.support import call, new_person


async def rows() -> dict[tuple[int, int], int]:
    return {(r.user_id, r.recipient_id): r.status for r in await Friend.all()}


async def unblock(client, person, other_id):
    return await call(client, "DELETE", f"/api/users/{other_id}/block", token=person.token)


async def test_blocking_a_friend_replaces_the_friendship_with_one_block_row(client):
    me, them = await new_person(), await new_person()
    await make_friends(client, me, them)
    await block(client, me, them)
    assert await rows() == {(int(me.id), int(them.id)): 3}


async def test_blocking_cancels_pending_requests_both_ways(client):
    me, them = await new_person(), await new_person()
    await request_friend(client, them, me)
    await block(client, me, them)
    assert await rows() == {(int(me.id), int(them.id)): 3}


async def test_block_events_reach_the_blocker_and_tell_the_friend_they_were_removed(live_client, sockets):
    me, them, outsider = await new_person(), await new_person(), await new_person()
    await make_friends(live_client, me, them)
    mine, theirs, other = await sockets(me.token), await sockets(them.token), await sockets(outsider.token)
    await block(live_client, me, them)
    user = public_user(await User.get(id=int(them.id)))
    assert await mine.wait_for("user:blocked") == {"user": user}
    assert await theirs.wait_for("friend:removed") == {"friendId": me.id}
    await ping(live_client, me, mine)
    await ping(live_client, them, theirs)
    await ping(live_client, outsider, other)
    assert mine.received("friend:removed") == []
    assert theirs.received("user:blocked") == []
    assert other.received("user:blocked") == [] and other.received("friend:removed") == []


async def test_blocking_a_stranger_tells_them_nothing(live_client, sockets):
    me, them = await new_person(), await new_person()
    mine, theirs = await sockets(me.token), await sockets(them.token)
    await block(live_client, me, them)
    await mine.wait_for("user:blocked")
    await ping(live_client, them, theirs)
    assert [e for e, _ in theirs.events if e not in ("user:authenticated", "user:updatedSelf")] == []


async def test_blocking_back_keeps_both_blocks(live_client, sockets):
    me, them = await new_person(), await new_person()
    await block(live_client, them, me)
    theirs = await sockets(them.token)
    await block(live_client, me, them)
    assert await rows() == {(int(me.id), int(them.id)): 3, (int(them.id), int(me.id)): 3}
    await ping(live_client, them, theirs)
    assert theirs.received("friend:removed") == []  # their row is a block, not a relation
    assert await unblock(live_client, me, them.id) == (200, {"status": True})
    assert await rows() == {(int(them.id), int(me.id)): 3}


async def test_block_refusals(client):
    me, them = await new_person(), await new_person()
    await block(client, me, them)
    assert await call(client, "POST", f"/api/users/{them.id}/block", token=me.token) == (
        400,
        error("This user is already blocked."),
    )
    for missing in ("123456789", "nope", "9" * 30):
        assert await call(client, "POST", f"/api/users/{missing}/block", token=me.token) == (
            400,
            error("User does not exist."),
        )
    assert await call(client, "POST", f"/api/users/{me.id}/block", token=me.token) == (
        400,
        error("You cannot block yourself."),
    )
    assert await rows() == {(int(me.id), int(them.id)): 3}


async def test_unblock_deletes_the_row_and_tells_only_the_unblocker(live_client, sockets):
    me, them = await new_person(), await new_person()
    await block(live_client, me, them)
    mine, theirs = await sockets(me.token), await sockets(them.token)
    assert await unblock(live_client, me, them.id) == (200, {"status": True})
    assert await mine.wait_for("user:unblocked") == {"userId": them.id}
    await ping(live_client, them, theirs)
    assert theirs.received("user:unblocked") == []
    assert await rows() == {}


async def test_unblock_refusals(client):
    me, them = await new_person(), await new_person()
    assert await unblock(client, me, them.id) == (400, error("This user is not blocked."))
    assert await unblock(client, me, "nope") == (400, error("This user is not blocked."))
    await block(client, them, me)
    assert await unblock(client, me, them.id) == (400, error("This user is not blocked."))  # their block is theirs
    assert await rows() == {(int(them.id), int(me.id)): 3}


async def test_unblocking_a_friend_request_row_is_refused(client):
    me, them = await new_person(), await new_person()
    await request_friend(client, me, them)
    assert await unblock(client, me, them.id) == (400, error("This user is not blocked."))
    assert len(await rows()) == 2


@pytest.mark.parametrize("method", ["POST", "DELETE"])
async def test_needs_a_user_token(client, method):
    them = await new_person()
    assert await call(client, method, f"/api/users/{them.id}/block") == (401, error("No token provided."))
    assert await rows() == {}


async def test_block_and_unblock_share_one_bucket_of_20_per_minute(client, limited):
    me, them = await new_person(), await new_person()
    for n in range(20):
        status, body = await call(
            limited, "POST" if n % 2 == 0 else "DELETE", f"/api/users/{them.id}/block", token=me.token
        )
        assert status == 200, body
    assert_limited(*await call(limited, "POST", f"/api/users/{them.id}/block", token=me.token), window_ms=60_000)
