"""Fixtures of the accounts tests.

Realtime tests call the REST API through ``live_client``: the Quart app *inside* the live
server, so its emits and kicks reach the sockets connected to that server with or without
Redis. ``sockets`` opens authenticated Socket.IO clients and closes them after the test.
"""

from __future__ import annotations

from typing import Any, AsyncIterator, Callable

import pytest

from tests.support import SocketProbe, connect_socket


@pytest.fixture
def live_client(live_server: Any) -> Any:
    return live_server.app.quart.test_client()


@pytest.fixture
async def sockets(live_server: Any) -> AsyncIterator[Callable[..., Any]]:
    opened: list[SocketProbe] = []

    async def open_socket(token: str | None = None, authenticate: bool = True) -> SocketProbe:
        probe = await connect_socket(live_server.url, token, authenticate=authenticate)
        opened.append(probe)
        return probe

    yield open_socket
    for probe in opened:
        await probe.close()


@pytest.fixture
async def mail_client(make_app: Callable[..., Any], smtp_server: Any) -> AsyncIterator[Any]:
    """A test client of an app that sends its mail to the real ``smtp_server``."""
    app = make_app(**smtp_server.overrides)
    async with app.test_app():
        yield app.test_client()
