"""The ``friends`` slice of ``user:authenticated`` (realtime.md §3.4) and the friends'
audience hook (realtime.md §2)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import pytest

from core.identity.models import User
from plugins.friends.service import friends_snapshot
from tests.plugins.accounts.helpers import ping
from tests.plugins.friends.helpers import block, make_friends, public_user_keys, request_friend
from tests.support import call, new_person

SEEN = datetime(2024, 5, 6, 7, 8, 9, tzinfo=UTC)
SEEN_MS = int(SEEN.timestamp() * 1000)


async def snapshot(sockets, person):
    probe = await sockets(person.token)
    return probe.received("user:authenticated")[0]["friends"]


async def test_every_row_you_own_is_listed_with_its_recipient(live_client, sockets):
    me = await new_person()
    friend, sent_to, pending_from, blocked = [await new_person() for _ in range(4)]
    await make_friends(live_client, me, friend)
    await request_friend(live_client, me, sent_to)
    await request_friend(live_client, pending_from, me)
    await block(live_client, me, blocked)
    await call(live_client, "POST", "/api/users", {"font": 2}, token=friend.token)
    friends = await snapshot(sockets, me)
    by_recipient = {row["recipientId"]: row for row in friends}
    assert {k: row["status"] for k, row in by_recipient.items()} == {
        friend.id: 2,
        sent_to.id: 0,
        pending_from.id: 1,
        blocked.id: 3,
    }
    for row in friends:
        assert set(row) == {"id", "status", "userId", "recipientId", "createdAt", "recipient"}
        assert row["userId"] == me.id and isinstance(row["createdAt"], int)
        assert public_user_keys() | {"profile", "lastOnlineStatus"} <= set(row["recipient"])
        assert row["recipient"]["lastOnlineStatus"] == 1
    assert by_recipient[friend.id]["recipient"]["profile"] == {"font": 2, "clan": None}
    assert by_recipient[sent_to.id]["recipient"]["profile"] is None


async def test_nobody_blocked_you_shows_up(live_client, sockets):
    me, blocker = await new_person(), await new_person()
    await block(live_client, blocker, me)
    assert await snapshot(sockets, me) == []


@pytest.mark.parametrize(
    ("privacy", "relation", "shown"),
    [
        (2, "friends", True),
        (2, "sent", True),
        (2, "pending", True),
        (2, "blocked", False),
        (1, "friends", True),
        (1, "sent", False),
        (1, "pending", False),
        (1, "blocked", False),
        (0, "friends", False),
        (0, "sent", False),
        (0, "blocked", False),
    ],
)
async def test_last_online_at_follows_the_recipients_privacy(live_client, sockets, privacy, relation, shown):
    me, them = await new_person(), await new_person()
    if relation == "friends":
        await make_friends(live_client, me, them)
    elif relation == "sent":
        await request_friend(live_client, me, them)
    elif relation == "pending":
        await request_friend(live_client, them, me)
    else:
        await block(live_client, me, them)
    await User.filter(id=int(them.id)).update(last_online_status=privacy, last_online_at=SEEN)
    (row,) = await snapshot(sockets, me)
    assert row["recipient"]["lastOnlineStatus"] == privacy
    if shown:
        assert row["recipient"]["lastOnlineAt"] == SEEN_MS
    else:
        assert "lastOnlineAt" not in row["recipient"]


async def test_the_snapshot_costs_the_same_queries_for_any_number_of_rows(client, caplog):
    small, large = await new_person(), await new_person()
    await make_friends(client, small, await new_person())
    for _ in range(3):
        await make_friends(client, large, await new_person())
    for _ in range(3):
        await request_friend(client, large, await new_person())
    await block(client, large, await new_person())

    async def queries(person) -> int:
        caplog.clear()
        with caplog.at_level(logging.DEBUG, logger="tortoise.db_client"):
            rows = await friends_snapshot(int(person.id))
        return len(rows), len([r for r in caplog.records if r.name == "tortoise.db_client"])

    (small_rows, small_queries), (large_rows, large_queries) = await queries(small), await queries(large)
    assert (small_rows, large_rows) == (1, 7)
    assert small_queries == large_queries == 2


async def test_profile_updates_reach_friends_only(live_client, sockets):
    # accounts sends user:updated to the rooms of `user_audience_rooms`: friends (status 2).
    me, friend, requested, blocker = [await new_person() for _ in range(4)]
    await make_friends(live_client, me, friend)
    await request_friend(live_client, me, requested)
    await block(live_client, me, blocker)
    probes = {p.id: await sockets(p.token) for p in (me, friend, requested, blocker)}
    await call(live_client, "POST", "/api/users", {"username": "renamedme", "password": me.password}, token=me.token)
    update = await probes[friend.id].wait_for("user:updated")
    assert update["userId"] == me.id and update["updated"]["username"] == "renamedme"
    for person in (requested, blocker):
        await ping(live_client, person, probes[person.id])
        assert probes[person.id].received("user:updated") == []
    await ping(live_client, me, probes[me.id])
    assert probes[me.id].received("user:updated") == []
