"""The voice store in memory and in Redis: joins, leaves, the call mode rule and its media node,
and calls of a process that died."""

from collections.abc import AsyncIterator
from typing import Any

import pytest

from plugins.voice.store import PREFIX, Entry, MemoryStore, Policy, RedisStore, decide_mode
from tests.conftest import REDIS_URL, needs_redis

POLICY = Policy(server_media=True, p2p_max=2)


@pytest.fixture(params=["memory", pytest.param("redis", marks=needs_redis)])
async def store(request) -> AsyncIterator[Any]:
    store = MemoryStore() if request.param == "memory" else RedisStore(REDIS_URL)
    if request.param == "redis":
        keys = [k async for k in store.redis.scan_iter(f"{PREFIX}*")]
        if keys:
            await store.redis.delete(*keys)
    await store.start()
    yield store
    await store.stop()


def entry(
    user: int, channel: int = 10, capable: bool = True, sid: str | None = None, server: int | None = 5, node: str = "n1"
) -> Entry:
    return Entry(user_id=user, channel_id=channel, server_id=server, sid=sid or f"s{user}", node=node, capable=capable)


def test_the_mode_rule():
    policy = Policy(server_media=True, p2p_max=4)
    assert decide_mode(None, [], policy) is None
    assert decide_mode(None, [True] * 4, policy) == "p2p"
    assert decide_mode("p2p", [True] * 5, policy) == "server"
    assert decide_mode("server", [True] * 2, policy) == "server"  # a call stays server-side until it ends
    assert decide_mode("server", [True] * 5 + [False], policy) == "p2p"  # a protocol client can only mesh
    assert decide_mode("p2p", [True] * 9, Policy(server_media=False, p2p_max=4)) == "p2p"


async def test_join_leave_and_the_call_lifecycle(store):
    here = store.node  # a process that is alive (its heartbeat is set)
    first = await store.join(entry(1), POLICY, here)
    assert first.started and first.previous is None
    assert (first.call.mode, first.call.previous_mode, first.call.mode_changed) == ("p2p", None, True)
    second = await store.join(entry(2), POLICY, here)
    assert not second.started and (second.call.mode, second.call.mode_changed) == ("p2p", False)
    third = await store.join(entry(3), POLICY, here)  # past p2p_max: server-side, served here
    assert (third.call.mode, third.call.previous_mode, third.call.media_node) == ("server", "p2p", here)
    assert await store.call(10) == ("server", here)
    assert sorted(e.user_id for e in await store.in_channels([10])) == [1, 2, 3]
    assert sorted(e.user_id for e in await store.in_servers([5, 6])) == [1, 2, 3]
    assert await store.anyone()

    left = await store.leave(3, POLICY, "there")
    assert left.entry == entry(3) and (left.call.mode, left.call.mode_changed) == ("server", False)
    assert await store.leave(3, POLICY, "there") is None
    assert await store.leave(2, POLICY, "there", sid="someone-else") is None  # not the voice socket
    assert await store.leave(2, POLICY, "there", channel_id=99) is None  # not that call
    await store.leave(2, POLICY, "there", sid="s2")
    last = await store.leave(1, POLICY, "there")
    assert last.call.ended and last.call.previous_node == here and last.call.media_moved_away
    assert await store.call(10) is None and not await store.anyone()


async def test_a_client_that_cannot_follow_brings_the_call_back_to_p2p(store):
    here = store.node
    for user in (1, 2, 3):
        await store.join(entry(user), POLICY, here)
    joined = await store.join(entry(4, capable=False), POLICY, here)
    assert (joined.call.mode, joined.call.previous_node, joined.call.media_node) == ("p2p", here, None)
    assert joined.call.media_moved_away
    left = await store.leave(4, POLICY, here)
    assert (left.call.mode, left.call.mode_changed) == ("server", True)  # 3 capable people, past p2p_max


async def test_moving_to_another_call_and_rejoining_the_same_one(store):
    await store.join(entry(1), POLICY, "here")
    await store.join(entry(2), POLICY, "here")
    moved = await store.join(entry(1, channel=11), POLICY, "here")
    assert moved.started and moved.previous == entry(1)
    assert moved.previous_call.channel_id == 10 and moved.previous_call.mode == "p2p"
    again = await store.join(entry(1, channel=11, sid="new-socket"), POLICY, "here")
    assert not again.started and again.previous.sid == "s1" and again.previous_call is None
    assert (await store.entry(1)).sid == "new-socket"
    alone = await store.join(entry(2, channel=11), POLICY, "here")
    assert alone.previous_call.ended  # channel 10 is empty now


async def test_sockets_belong_to_their_user(store):
    await store.add_socket("abc", 7)
    assert await store.socket_owner("abc") == (7, store.node)
    await store.remove_socket("abc")
    assert await store.socket_owner("abc") is None


@needs_redis
async def test_the_calls_of_a_process_that_died_are_ended_by_another():
    dead, alive = RedisStore(REDIS_URL), RedisStore(REDIS_URL)
    await dead.start()
    await alive.start()
    await dead.add_socket("d1", 1)
    await dead.join(entry(1, node=dead.node, sid="d1"), POLICY, dead.node)
    await alive.add_socket("a2", 2)
    await alive.join(entry(2, node=alive.node, sid="a2"), POLICY, alive.node)
    await alive.join(entry(3, node=alive.node, sid="a3"), POLICY, alive.node)
    assert (await alive.call(10))[0] == "server"
    assert await alive.reap(POLICY) == []  # everyone alive
    await dead.redis.delete(f"{PREFIX}alive:{dead.node}")  # its heartbeat expired
    gone = await alive.reap(POLICY)
    assert [g.entry.user_id for g in gone] == [1]
    assert await alive.socket_owner("d1") is None and await alive.socket_owner("a2") == (2, alive.node)
    await dead.stop()
    await alive.stop()


@needs_redis
async def test_a_dead_media_node_is_replaced_by_the_next_to_ask():
    store = RedisStore(REDIS_URL)
    await store.start()
    for user in (1, 2, 3):
        await store.join(entry(user, channel=20), POLICY, "ghost")
    assert await store.call(20) == ("server", "ghost")
    assert await store.claim_media_node(20, store.node) == store.node  # "ghost" has no heartbeat
    assert await store.claim_media_node(20, "later") == store.node  # this one is alive: it stays
    await store.stop()
