"""Client→server socket events are rate-limited per socket (core/socket_limits.py): an event over
its limit is dropped before any handler runs, and a socket that keeps going over is
disconnected, while everybody else carries on."""

from __future__ import annotations

import asyncio

from core import gateway as gateway_module
from core.gateway import AUTHENTICATE_LIMIT
from core.socket_limits import DROP, OK, REFUSE, SocketLimits, socket_limit
from tests.support import new_person


def test_a_window_allows_its_count_then_refuses_then_drops_the_socket():
    limits = SocketLimits(default=(3, 10.0), refusals_before_drop=2)
    now = 100.0
    assert [limits.check("s1", "e", None, now) for _ in range(3)] == [OK, OK, OK]
    assert limits.check("s1", "e", None, now) == REFUSE
    assert limits.check("s2", "e", None, now) == OK  # another socket has its own budget
    assert limits.check("s1", "other", None, now) == OK  # and so has another event
    assert limits.check("s1", "e", None, now) == DROP  # the second refusal within the window
    limits.forget("s1")
    assert limits.check("s1", "e", None, now) == OK


def test_windows_end_and_handlers_may_set_their_own_limit():
    limits = SocketLimits(default=(1, 10.0), refusals_before_drop=5)
    assert limits.check("s", "e", (2, 1.0), 0.0) == OK
    assert limits.check("s", "e", (2, 1.0), 0.5) == OK
    assert limits.check("s", "e", (2, 1.0), 0.9) == REFUSE
    assert limits.check("s", "e", (2, 1.0), 1.0) == OK  # a new window
    assert limits.check("s", "f", None, 0.0) == OK
    assert limits.check("s", "f", None, 9.0) == REFUSE

    @socket_limit(7, 3)
    async def handler(ctx, data):
        return None

    assert handler.socket_limit == (7, 3.0)


async def test_repeated_authentication_is_limited_per_socket(live_client, sockets, monkeypatch):
    person = await new_person()
    calls = 0
    release = asyncio.Event()
    resolve = gateway_module.resolve_token

    async def counting(*args, **kwargs):
        nonlocal calls
        calls += 1
        await release.wait()  # a slow database: the flood arrives while the first ones are looked up
        return await resolve(*args, **kwargs)

    monkeypatch.setattr(gateway_module, "resolve_token", counting)
    probe = await sockets(person.token, authenticate=False)
    try:
        for _ in range(200):
            if not probe.client.connected:
                break  # dropped already
            await probe.client.emit("user:authenticate", {"token": person.token})
        await probe.wait_disconnected(timeout=10)
    finally:
        release.set()
    assert calls == AUTHENTICATE_LIMIT[0]
