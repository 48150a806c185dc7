"""POST /api/friends/add (rest.md §2.1, realtime.md §5.3)."""

from __future__ import annotations

import pytest

from core.identity.models import Account, User
from plugins.friends.models import Friend
from tests.plugins.accounts.helpers import ping
from tests.plugins.friends.helpers import assert_limited, block, error, make_friends, public_user_keys, request_friend
from tests.support import call, new_person


async def test_a_request_creates_both_rows_and_returns_yours(client):
    me, them = await new_person(), await new_person()
    status, row = await request_friend(client, me, them)
    assert status == 200
    assert set(row) == {"id", "userId", "recipientId", "status", "createdAt", "recipient"}
    assert (row["userId"], row["recipientId"], row["status"]) == (me.id, them.id, 0)
    assert isinstance(row["createdAt"], int)
    assert set(row["recipient"]) == public_user_keys() | {"profile"}
    assert (row["recipient"]["id"], row["recipient"]["username"], row["recipient"]["profile"]) == (
        them.id,
        them.username,
        None,
    )
    rows = {(r.user_id, r.recipient_id): r.status for r in await Friend.all()}
    assert rows == {(int(me.id), int(them.id)): 0, (int(them.id), int(me.id)): 1}


async def test_the_recipient_profile_carries_font_and_clan(client):
    me, them = await new_person(), await new_person()
    await call(client, "POST", "/api/users", {"font": 4}, token=them.token)
    _, row = await request_friend(client, me, them)
    assert row["recipient"]["profile"] == {"font": 4, "clan": None}


async def test_both_sides_are_told_and_nobody_else(live_client, sockets):
    me, them, outsider = await new_person(), await new_person(), await new_person()
    mine, theirs, other = await sockets(me.token), await sockets(them.token), await sockets(outsider.token)
    _, row = await request_friend(live_client, me, them)
    assert await mine.wait_for("friend:request_sent") == row
    pending = await theirs.wait_for("friend:request_pending")
    assert (pending["userId"], pending["recipientId"], pending["status"]) == (them.id, me.id, 1)
    assert pending["recipient"]["id"] == me.id and pending["recipient"]["profile"] is None
    await ping(live_client, me, mine)
    await ping(live_client, them, theirs)
    await ping(live_client, outsider, other)
    assert mine.received("friend:request_pending") == [] and theirs.received("friend:request_sent") == []
    assert not [e for e, _ in other.events if e.startswith("friend:")]


async def test_lookup_is_exact_username_and_tag(client):
    me, them = await new_person(username="CaseName"), None
    them = await new_person(username="Target")
    assert await call(client, "POST", "/api/friends/add", {"username": "target", "tag": them.tag}, token=me.token) == (
        400,
        error("User not found."),
    )
    other_tag = "0000" if them.tag != "0000" else "1111"
    assert await call(client, "POST", "/api/friends/add", {"username": "Target", "tag": other_tag}, token=me.token) == (
        400,
        error("User not found."),
    )


async def test_refusals(client):
    me, them = await new_person(), await new_person()
    assert await request_friend(client, me, me) == (400, error("You cannot add yourself as a friend."))
    await request_friend(client, me, them)
    assert await request_friend(client, me, them) == (400, error("Already in friends list."))
    assert await request_friend(client, them, me) == (400, error("Already in friends list."))
    await call(client, "POST", f"/api/friends/{me.id}", token=them.token)
    assert await request_friend(client, me, them) == (400, error("Already in friends list."))


async def test_a_user_without_an_account_cannot_be_added(client):
    me = await new_person()
    bot = await User.create(username="helperbot", tag="b0t1", bot=True)
    assert await call(client, "POST", "/api/friends/add", {"username": "helperbot", "tag": "b0t1"}, token=me.token) == (
        400,
        error("This user does not exist."),
    )
    assert await Friend.filter(recipient_id=bot.id).count() == 0


async def test_closed_friend_requests(client):
    me, them = await new_person(), await new_person()
    await Account.filter(user_id=int(them.id)).update(friend_request_status=2)
    assert await request_friend(client, me, them) == (400, error("This user has disabled friend requests."))


async def test_servers_only_friend_requests_need_a_shared_server(client):
    # These two are in no common server (whatever plugin answers `shared_server_ids`).
    me, them = await new_person(), await new_person()
    await Account.filter(user_id=int(them.id)).update(friend_request_status=1)
    assert await request_friend(client, me, them) == (400, error("This user has disabled friend requests."))
    assert await Friend.all().count() == 0


async def test_blocks_either_way_stop_requests(client):
    me, them = await new_person(), await new_person()
    await block(client, them, me)
    assert await request_friend(client, me, them) == (400, error("This user is blocked."))
    # The blocker owns a BLOCKED row, which upstream reports as already listed.
    assert await request_friend(client, them, me) == (400, error("Already in friends list."))


@pytest.mark.parametrize(
    ("body", "message", "path"),
    [
        ({}, "Username is required.", "username"),
        ({"username": "", "tag": "abcd"}, "Username is required.", "username"),
        ({"username": None, "tag": "abcd"}, "Username is required.", "username"),
        ({"username": 42, "tag": "abcd"}, "Username must be a string.", "username"),
        ({"username": "ab", "tag": "abcd"}, "Username must be between 3 and 320 characters long.", "username"),
        ({"username": "a" * 321, "tag": "abcd"}, "Username must be between 3 and 320 characters long.", "username"),
        ({"username": "someone"}, "tag is required.", "tag"),
        ({"username": "someone", "tag": ""}, "tag is required.", "tag"),
        ({"username": "someone", "tag": 1234}, "tag must be a string.", "tag"),
        ({"username": "someone", "tag": "abc"}, "tag must be 4 characters long.", "tag"),
        ({"username": "someone", "tag": "abcde"}, "tag must be 4 characters long.", "tag"),
    ],
)
async def test_invalid_bodies(client, body, message, path):
    me = await new_person()
    assert await call(client, "POST", "/api/friends/add", body, token=me.token) == (400, error(message, path))


async def test_needs_a_user_token(client):
    them = await new_person()
    body = {"username": them.username, "tag": them.tag}
    assert await call(client, "POST", "/api/friends/add", body) == (401, error("No token provided."))
    assert await call(client, "POST", "/api/friends/add", body, token="nonsense") == (401, error("Invalid token."))
    assert await Friend.all().count() == 0


async def test_rate_limit_is_five_per_30_seconds(client, limited):
    me = await new_person()
    others = [await new_person() for _ in range(6)]
    for other in others[:5]:
        assert (await request_friend(limited, me, other))[0] == 200
    assert_limited(*await request_friend(limited, me, others[5]), window_ms=30_000)
    assert (await request_friend(limited, others[5], me))[0] == 200


async def test_friends_of_friends_stay_apart(client):
    a, b, c = await new_person(), await new_person(), await new_person()
    await make_friends(client, a, b)
    await make_friends(client, b, c)
    assert await Friend.filter(user_id=int(a.id), recipient_id=int(c.id)).count() == 0
