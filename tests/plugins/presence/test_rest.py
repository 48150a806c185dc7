"""POST /api/users/presence (rest.md §1.24, realtime.md §5.1)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.identity.models import User
from core.identity.sessions import create_session
from tests.plugins.friends.helpers import assert_limited, block, error, make_friends, request_friend
from tests.plugins.presence.helpers import EVENT, about, assert_no_presence, set_presence, status_of
from tests.support import call, new_person


async def test_a_status_change_reaches_friends_and_your_other_sockets(live_client, sockets):
    me, friend, requested, blocked, outsider = [await new_person() for _ in range(5)]
    await make_friends(live_client, me, friend)
    await request_friend(live_client, me, requested)
    await block(live_client, me, blocked)
    mine = await sockets(me.token)
    others = {p.id: await sockets(p.token) for p in (friend, requested, blocked, outsider)}
    assert await set_presence(live_client, me, {"status": 4}) == (200, "Presence updated.")
    assert await about(mine, me) == {"userId": me.id, "status": 4}
    assert await others[friend.id].wait_for(EVENT) == {"userId": me.id, "status": 4}
    for person in (requested, blocked, outsider):
        await assert_no_presence(live_client, person, others[person.id])
    assert await status_of(me) == (4, None)


async def test_custom_status_is_trimmed_and_blank_clears_it(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    await sockets(me.token)
    theirs = await sockets(friend.token)
    await set_presence(live_client, me, {"custom": "  out for lunch  "})
    assert await theirs.wait_for(EVENT) == {"userId": me.id, "custom": "out for lunch"}
    assert await status_of(me) == (1, "out for lunch")
    await set_presence(live_client, me, {"custom": "   "})
    assert await theirs.wait_for(EVENT, count=2) == {"userId": me.id, "custom": None}
    await set_presence(live_client, me, {"custom": "back"})
    await set_presence(live_client, me, {"custom": None})
    assert await theirs.wait_for(EVENT, count=4) == {"userId": me.id, "custom": None}
    assert await status_of(me) == (1, None)


async def test_status_and_custom_together(live_client, sockets):
    me = await new_person()
    mine = await sockets(me.token)
    await set_presence(live_client, me, {"status": 2, "custom": "lfg"})
    assert await mine.wait_for(EVENT) == {"userId": me.id, "status": 2, "custom": "lfg"}


async def test_going_invisible_looks_offline_and_stamps_last_online(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    await sockets(me.token)
    theirs = await sockets(friend.token)
    before = datetime.now(UTC).replace(microsecond=0)
    await set_presence(live_client, me, {"status": 0})
    assert await theirs.wait_for(EVENT) == {"userId": me.id, "status": 0}
    stamped = (await User.get(id=int(me.id))).last_online_at
    assert stamped is not None and stamped >= before


async def test_going_invisible_with_hidden_last_online_is_not_stamped(live_client, sockets):
    me = await new_person()
    await call(live_client, "POST", "/api/users", {"lastOnlineStatus": 0}, token=me.token)
    mine = await sockets(me.token)
    await set_presence(live_client, me, {"status": 0})
    await mine.wait_for(EVENT)
    assert (await User.get(id=int(me.id))).last_online_at is None


async def test_while_invisible_changes_reach_only_your_own_sockets(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    await User.filter(id=int(me.id)).update(status=0)
    mine = await sockets(me.token)
    theirs = await sockets(friend.token)
    await set_presence(live_client, me, {"custom": "secret"})
    assert await about(mine, me) == {"userId": me.id, "custom": "secret"}
    await set_presence(live_client, me, {"status": 0})
    assert await about(mine, me, count=2) == {"userId": me.id, "status": 0}
    await assert_no_presence(live_client, friend, theirs)
    assert (await User.get(id=int(me.id))).last_online_at is None  # never shown online: no stamp


async def test_coming_back_from_invisible_sends_the_whole_presence(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    await User.filter(id=int(me.id)).update(status=0, custom_status="quiet")
    mine = await sockets(me.token)
    theirs = await sockets(friend.token)
    await mine.client.emit("user:update_activity", {"name": "Chess", "action": "Playing"})
    await about(mine, me)
    await set_presence(live_client, me, {"status": 3})
    expected = {"userId": me.id, "status": 3, "custom": "quiet", "activities": [{"name": "Chess", "action": "Playing"}]}
    assert await theirs.wait_for(EVENT) == expected
    assert await about(mine, me, count=2) == expected


async def test_without_sockets_it_is_stored_and_nobody_is_told(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    theirs = await sockets(friend.token)
    assert await set_presence(live_client, me, {"status": 3, "custom": "later"}) == (200, "Presence updated.")
    await assert_no_presence(live_client, friend, theirs)
    assert await status_of(me) == (3, "later")
    before = datetime.now(UTC).replace(microsecond=0)
    await set_presence(live_client, me, {"status": 0})
    assert (await User.get(id=int(me.id))).last_online_at >= before  # stored status went from 3 to 0


async def test_an_empty_body_changes_nothing(live_client, sockets):
    me = await new_person()
    mine = await sockets(me.token)
    assert await set_presence(live_client, me, {}) == (200, "Presence updated.")
    assert await mine.wait_for(EVENT) == {"userId": me.id}
    assert await status_of(me) == (1, None)


async def test_bots_may_set_their_presence(client):
    bot = await User.create(username="presencebot", tag="b0t2", bot=True, status=1)
    _, token = await create_session(bot)
    status, body = await call(client, "POST", "/api/users/presence", {"status": 4, "custom": "serving"}, token=token)
    assert (status, body) == (200, "Presence updated.")
    refreshed = await User.get(id=bot.id)
    assert (refreshed.status, refreshed.custom_status) == (4, "serving")


@pytest.mark.parametrize(
    ("body", "message", "path"),
    [
        ({"status": "1"}, "Invalid status.", "status"),
        ({"status": 1.5}, "Invalid status.", "status"),
        ({"status": True}, "Invalid status.", "status"),
        ({"status": 5}, "Status must be between 0 and 4.", "status"),
        ({"status": -1}, "Status must be between 0 and 4.", "status"),
        ({"custom": 12}, "Invalid custom status.", "custom"),
        ({"custom": "x" * 201}, "custom status must be between 0 and 200.", "custom"),
    ],
)
async def test_invalid_bodies(client, body, message, path):
    me = await new_person()
    assert await set_presence(client, me, body) == (400, error(message, path))
    assert await status_of(me) == (1, None)


async def test_the_longest_custom_status_is_200(client):
    me = await new_person()
    assert await set_presence(client, me, {"custom": "x" * 200}) == (200, "Presence updated.")
    assert await status_of(me) == (1, "x" * 200)


async def test_needs_a_token(client):
    assert await call(client, "POST", "/api/users/presence", {"status": 2}) == (401, error("No token provided."))
    assert await call(client, "POST", "/api/users/presence", {"status": 2}, token="bad") == (
        401,
        error("Invalid token."),
    )


async def test_rate_limit_is_10_per_5_seconds(client, limited):
    me = await new_person()
    for _ in range(10):
        assert (await set_presence(limited, me, {"status": 1}))[0] == 200
    assert_limited(*await set_presence(limited, me, {"status": 1}), window_ms=5_000)
