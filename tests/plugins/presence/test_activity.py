"""``user:update_activity`` (realtime.md §4.3) and activities in snapshots and disconnects."""

from __future__ import annotations

from core.identity.models import User
from plugins.presence.activities import clean_activities
from tests.plugins.friends.helpers import make_friends, request_friend
from tests.plugins.presence.helpers import EVENT, about, assert_no_presence, presences
from tests.support import new_person

CHESS = {"name": "Chess", "action": "Playing"}
MUSIC = {"name": "Some Song", "action": "Listening to", "startedAt": 1700000000000, "endsAt": 1700000300000}


async def publish(probe, payload):
    await probe.client.emit("user:update_activity", payload)


async def test_activities_reach_friends_and_your_own_sockets_only(live_client, sockets):
    me, friend, requested, outsider = [await new_person() for _ in range(4)]
    await make_friends(live_client, me, friend)
    await request_friend(live_client, requested, me)
    mine, second = await sockets(me.token), await sockets(me.token)
    others = {p.id: await sockets(p.token) for p in (friend, requested, outsider)}
    await publish(mine, [CHESS])
    expected = {"userId": me.id, "activities": [CHESS]}
    assert await others[friend.id].wait_for(EVENT) == expected
    assert await about(mine, me) == expected
    assert await about(second, me) == expected
    for person in (requested, outsider):
        await assert_no_presence(live_client, person, others[person.id])


async def test_activities_are_kept_per_socket(live_client, sockets):
    me = await new_person()
    first, second = await sockets(me.token), await sockets(me.token)
    await publish(first, CHESS)  # a single object is a one-item list
    assert (await first.wait_for(EVENT))["activities"] == [CHESS]
    await publish(second, [MUSIC])
    assert (await first.wait_for(EVENT, count=2))["activities"] == [CHESS, MUSIC]
    await publish(first, [{"name": "Go", "action": "Playing"}])  # replaces only this socket's
    assert (await first.wait_for(EVENT, count=3))["activities"] == [MUSIC, {"name": "Go", "action": "Playing"}]
    await publish(second, None)  # clears only this socket's
    assert (await first.wait_for(EVENT, count=4))["activities"] == [{"name": "Go", "action": "Playing"}]


async def test_the_snapshot_carries_activities(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    mine = await sockets(friend.token)
    await publish(mine, [CHESS, MUSIC])
    await mine.wait_for(EVENT)
    snapshot = presences(await sockets(me.token))
    assert {"userId": friend.id, "status": 1, "activities": [CHESS, MUSIC]} in snapshot


async def test_closing_a_socket_drops_its_activities(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    theirs = await sockets(friend.token)
    first, second = await sockets(me.token), await sockets(me.token)
    await theirs.wait_for(EVENT)  # me came online
    await publish(first, [CHESS])
    await publish(second, [MUSIC])
    await theirs.wait_for(EVENT, count=3)
    await first.close()
    assert await theirs.wait_for(EVENT, count=4) == {"userId": me.id, "activities": [MUSIC]}
    assert await second.wait_for(EVENT, count=3) == {"userId": me.id, "activities": [MUSIC]}


async def test_closing_a_socket_without_activities_says_nothing(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    theirs = await sockets(friend.token)
    first, second = await sockets(me.token), await sockets(me.token)
    await publish(second, [MUSIC])
    await theirs.wait_for(EVENT, count=2)
    await first.close()
    await assert_no_presence(live_client, friend, theirs, already=2)


async def test_an_invisible_users_activities_stay_with_them(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    await User.filter(id=int(me.id)).update(status=0)
    theirs = await sockets(friend.token)
    mine = await sockets(me.token)
    await publish(mine, [CHESS])
    assert await mine.wait_for(EVENT) == {"userId": me.id, "activities": [CHESS]}
    await assert_no_presence(live_client, friend, theirs)


async def test_payloads_that_are_not_activities_are_ignored(live_client, sockets):
    me = await new_person()
    mine = await sockets(me.token)
    for payload in ("playing", 42, True):
        await publish(mine, payload)
    await assert_no_presence(live_client, me, mine)


async def test_invalid_items_are_skipped_and_the_rest_published(live_client, sockets):
    me = await new_person()
    mine = await sockets(me.token)
    await publish(
        mine,
        [
            {"name": "No action"},
            {"action": "No name"},
            {"name": 5, "action": "x"},
            {"name": "Bad time", "action": "x", "startedAt": "yesterday"},
            "text",
            CHESS,
        ],
    )
    assert await mine.wait_for(EVENT) == {"userId": me.id, "activities": [CHESS]}


def test_fields_are_truncated_or_dropped_as_the_reference_says():
    (activity,) = clean_activities(
        [
            {
                "name": "n" * 81,
                "action": "a" * 31,
                "title": "t" * 81,
                "subtitle": "s" * 80,
                "speed": 101,
                "link": "l" * 300,
                "imgSrc": "i" * 299,
                "emoji": "e" * 50,
                "startedAt": 1,
                "endsAt": 2.5,
                "updatedAt": 3,
                "unknown": "dropped",
            }
        ]
    )
    assert activity == {
        "name": "n" * 80 + "...",
        "action": "a" * 30,
        "title": "t" * 80 + "...",
        "subtitle": "s" * 80,
        "imgSrc": "i" * 299,
        "startedAt": 1,
        "endsAt": 2.5,
        "updatedAt": 3,
    }
    (kept,) = clean_activities([{"name": "x", "action": "y", "speed": -100, "emoji": "🙂", "link": "https://a"}])
    assert kept == {"name": "x", "action": "y", "speed": -100, "emoji": "🙂", "link": "https://a"}
    assert clean_activities([{"name": "x", "action": "y", "speed": True}]) == [{"name": "x", "action": "y"}]
    assert clean_activities(None) == [] and clean_activities([]) == []
    assert clean_activities("x") is None and clean_activities(3) is None
    assert len(clean_activities([CHESS] * 9)) == 5


async def test_an_unauthenticated_socket_cannot_publish(live_client, sockets):
    me, friend = await new_person(), await new_person()
    await make_friends(live_client, me, friend)
    theirs = await sockets(friend.token)
    anonymous = await sockets(None)
    await publish(anonymous, [CHESS])
    await assert_no_presence(live_client, friend, theirs)
