"""POST /api/friends/:friendId (accept) and DELETE /api/friends/:friendId (rest.md §2.2–2.3)."""

from __future__ import annotations

import pytest

from plugins.friends.models import Friend
from tests.plugins.accounts.helpers import ping
from tests.plugins.friends.helpers import accept, block, error, make_friends, request_friend
from tests.support import call, new_person


async def rows() -> dict[tuple[int, int], int]:
    return {(r.user_id, r.recipient_id): r.status for r in await Friend.all()}


async def remove(client, person, other_id):
    return await call(client, "DELETE", f"/api/friends/{other_id}", token=person.token)


# --- accept --------------------------------------------------------------------------------


async def test_accepting_makes_both_rows_friends(client):
    me, them = await new_person(), await new_person()
    await request_friend(client, me, them)
    assert await accept(client, them, me) == (200, {"message": "Accepted!"})
    assert await rows() == {(int(me.id), int(them.id)): 2, (int(them.id), int(me.id)): 2}


async def test_acceptance_is_told_to_both_sides_and_nobody_else(live_client, sockets):
    me, them, outsider = await new_person(), await new_person(), await new_person()
    await request_friend(live_client, me, them)
    mine, theirs, other = await sockets(me.token), await sockets(them.token), await sockets(outsider.token)
    await accept(live_client, them, me)
    assert await mine.wait_for("friend:request_accepted") == {"friendId": them.id}
    assert await theirs.wait_for("friend:request_accepted") == {"friendId": me.id}
    await ping(live_client, outsider, other)
    assert other.received("friend:request_accepted") == []


async def test_accept_refusals(client):
    me, them, stranger = await new_person(), await new_person(), await new_person()
    assert await accept(client, me, stranger) == (400, error("Friend request does not exist."))
    await request_friend(client, me, them)
    assert await accept(client, me, them) == (400, error("Cannot accept friend request because it is sent by you."))
    await accept(client, them, me)
    assert await accept(client, them, me) == (400, error("Friend request already accepted."))
    assert await accept(client, me, them) == (400, error("Friend request already accepted."))


async def test_a_block_either_way_stops_acceptance(client):
    me, them = await new_person(), await new_person()
    await block(client, me, them)
    assert await accept(client, them, me) == (400, error("This friend is blocked."))
    assert await accept(client, me, them) == (400, error("This friend is blocked."))


@pytest.mark.parametrize("method", ["POST", "DELETE"])
@pytest.mark.parametrize(
    ("friend_id", "message"),
    [
        ("12", "friendId must be between 3 and 320 characters long."),
        ("9" * 321, "friendId must be between 3 and 320 characters long."),
        ("abc", "Friend request does not exist."),
        ("99999999999999999999999", "Friend request does not exist."),
    ],
)
async def test_bad_friend_ids(client, method, friend_id, message):
    me = await new_person()
    path = "friendId" if "between" in message else None
    assert await call(client, method, f"/api/friends/{friend_id}", token=me.token) == (400, error(message, path))


@pytest.mark.parametrize("method", ["POST", "DELETE"])
async def test_needs_a_user_token(client, method):
    me, them = await new_person(), await new_person()
    await request_friend(client, me, them)
    assert await call(client, method, f"/api/friends/{me.id}") == (401, error("No token provided."))
    assert await rows() == {(int(me.id), int(them.id)): 0, (int(them.id), int(me.id)): 1}


async def test_someone_else_cannot_accept_a_request_meant_for_another(client):
    me, them, intruder = await new_person(), await new_person(), await new_person()
    await request_friend(client, me, them)
    assert await accept(client, intruder, me) == (400, error("Friend request does not exist."))
    assert (int(them.id), int(me.id)) in await rows() and (await rows())[(int(them.id), int(me.id))] == 1


# --- remove / decline / cancel ---------------------------------------------------------------


async def test_removing_a_friend_deletes_both_rows(client):
    me, them = await new_person(), await new_person()
    await make_friends(client, me, them)
    assert await remove(client, me, them.id) == (200, {"message": "Removed!"})
    assert await rows() == {}


@pytest.mark.parametrize("who", ["sender", "recipient"])
async def test_cancel_and_decline_a_request(client, who):
    me, them = await new_person(), await new_person()
    await request_friend(client, me, them)
    actor, other = (me, them) if who == "sender" else (them, me)
    assert await remove(client, actor, other.id) == (200, {"message": "Removed!"})
    assert await rows() == {}


async def test_removal_is_told_to_both_sides_and_nobody_else(live_client, sockets):
    me, them, outsider = await new_person(), await new_person(), await new_person()
    await make_friends(live_client, me, them)
    mine, theirs, other = await sockets(me.token), await sockets(them.token), await sockets(outsider.token)
    await remove(live_client, me, them.id)
    assert await mine.wait_for("friend:removed") == {"friendId": them.id}
    assert await theirs.wait_for("friend:removed") == {"friendId": me.id}
    await ping(live_client, outsider, other)
    assert other.received("friend:removed") == []


async def test_remove_refusals(client):
    me, them = await new_person(), await new_person()
    assert await remove(client, me, them.id) == (400, error("Friend request does not exist."))
    await block(client, them, me)
    assert await remove(client, me, them.id) == (400, error("This friend is already removed."))
    assert await remove(client, them, me.id) == (400, error("This friend is already removed."))
    assert await rows() == {(int(them.id), int(me.id)): 3}
