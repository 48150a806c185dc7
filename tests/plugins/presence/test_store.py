"""The presence store in memory and in Redis, and presence shared by several processes
through Redis (realtime.md §3.3 step 4, §3.5), including processes that die."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from core.identity.models import User
from plugins.presence.service import service_for
from plugins.presence.store import PREFIX, MemoryStore, RedisStore
from tests.conftest import REDIS_URL, needs_redis
from tests.plugins.friends.helpers import make_friends
from tests.plugins.presence.helpers import about, assert_no_presence, presences
from tests.support import connect_socket, new_person

CHESS = {"name": "Chess", "action": "Playing"}
MUSIC = {"name": "Song", "action": "Listening"}


@pytest.fixture(params=["memory", pytest.param("redis", marks=needs_redis)])
async def store(request) -> AsyncIterator[Any]:
    store = MemoryStore() if request.param == "memory" else RedisStore(REDIS_URL)
    await store.start()
    yield store
    await store.stop()


async def test_first_and_last_socket(store):
    assert await store.add(1, "a") is True
    assert await store.add(1, "b") is False
    assert await store.add(1, "b") is False  # the same socket twice is still one
    assert await store.online([1, 2]) == {1}
    removal = await store.remove(1, "a")
    assert (removal.removed, removal.last, removal.had_activities) == (True, False, False)
    removal = await store.remove(1, "b")
    assert (removal.removed, removal.last) == (True, True)
    assert await store.remove(1, "b") == type(removal)()  # already gone: nothing happens
    assert await store.online([1]) == set()


async def test_activities_per_socket_oldest_publication_first(store):
    await store.add(7, "a")
    await store.add(7, "b")
    assert await store.set_activities(7, "a", [CHESS]) == [CHESS]
    assert await store.set_activities(7, "b", [MUSIC]) == [CHESS, MUSIC]
    assert await store.set_activities(7, "a", [CHESS, CHESS]) == [MUSIC, CHESS, CHESS]
    assert await store.activities([7, 8]) == {7: [MUSIC, CHESS, CHESS]}
    assert await store.set_activities(7, "nobody", [CHESS]) is None
    removal = await store.remove(7, "a")
    assert (removal.had_activities, removal.remaining) == (True, [MUSIC])
    assert await store.set_activities(7, "b", []) == []
    assert await store.activities([7]) == {}


async def test_a_new_session_starts_without_old_activities(store):
    await store.add(9, "a")
    await store.set_activities(9, "a", [CHESS])
    await store.remove(9, "a")
    assert await store.add(9, "b") is True
    assert await store.activities([9]) == {}


# --- several processes ---------------------------------------------------------------------


@needs_redis
async def test_processes_share_the_socket_set(start_server):
    first, second = await start_server(), await start_server()
    client = first.app.quart.test_client()
    me, friend = await new_person(), await new_person()
    await make_friends(client, me, friend)
    theirs = await connect_socket(first.url, friend.token)
    on_first, on_second = await connect_socket(first.url, me.token), await connect_socket(second.url, me.token)
    try:
        assert await about(theirs, me) == {"userId": me.id, "status": 1, "custom": None}
        await on_second.client.emit("user:update_activity", [MUSIC])
        assert await about(theirs, me, count=2) == {"userId": me.id, "activities": [MUSIC]}
        snapshot = presences(await connect_socket(first.url, friend.token))
        assert {"userId": me.id, "status": 1, "activities": [MUSIC]} in snapshot
        await on_first.close()  # the other process still holds a socket: still online
        await assert_no_presence(client, friend, theirs, already=2)
        await on_second.close()
        assert await about(theirs, me, count=3) == {"status": 0, "userId": me.id}
    finally:
        for probe in (theirs, on_first, on_second):
            await probe.close()


@needs_redis
async def test_a_dead_process_is_reaped_and_its_users_go_offline(start_server):
    server = await start_server()
    client = server.app.quart.test_client()
    me, friend = await new_person(), await new_person()
    await make_friends(client, me, friend)
    # A process that registered my socket and then died (no disconnect ever ran).
    dead = RedisStore(REDIS_URL)
    await dead.start()
    await dead.add(int(me.id), "socket-of-a-dead-process")
    theirs = await connect_socket(server.url, friend.token)
    try:
        assert {"userId": me.id, "status": 1} in presences(theirs)
        await dead.redis.delete(f"{PREFIX}alive:{dead.instance}")  # its heartbeat expires
        await dead.redis.aclose()
        # Whichever process reaps first (this call or the server's own heartbeat loop), the
        # user goes offline exactly once.
        await service_for(server.app.quart.extensions["hearth"].gateway).reap()
        assert await about(theirs, me) == {"status": 0, "userId": me.id}
        assert (await User.get(id=int(me.id))).last_online_at is not None
        await assert_no_presence(client, friend, theirs, already=1)
        assert presences(await connect_socket(server.url, friend.token)) == [
            p for p in presences(theirs) if p["userId"] != me.id
        ]
    finally:
        await theirs.close()


@needs_redis
async def test_a_live_process_is_not_reaped(start_server):
    first, second = await start_server(), await start_server()
    me = await new_person()
    mine = await connect_socket(first.url, me.token)
    try:
        await service_for(second.app.quart.extensions["hearth"].gateway).reap()
        service = service_for(first.app.quart.extensions["hearth"].gateway)
        assert await service.store.online([int(me.id)]) == {int(me.id)}
    finally:
        await mine.close()
