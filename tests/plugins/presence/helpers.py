"""Helpers of the presence tests."""

from __future__ import annotations

import asyncio
from typing import Any

from core.identity.models import User
from core.testing import PATIENCE
from tests.plugins.accounts.helpers import ping
from tests.support import Person, SocketProbe, call

EVENT = "user:presence_update"


async def set_presence(client: Any, person: Person, body: dict[str, Any]) -> tuple[int, Any]:
    return await call(client, "POST", "/api/users/presence", body, token=person.token)


async def status_of(person: Person) -> tuple[int, str | None]:
    user = await User.get(id=int(person.id))
    return user.status, user.custom_status


async def assert_no_presence(client: Any, person: Person, probe: SocketProbe, already: int = 0) -> None:
    """After a barrier, ``probe`` has received exactly ``already`` presence updates."""
    await ping(client, person, probe)
    assert len(probe.received(EVENT)) == already, probe.received(EVENT)


def presences(probe: SocketProbe) -> list[dict[str, Any]]:
    return probe.received("user:authenticated")[0]["presences"]


async def about(probe: SocketProbe, person: Person, count: int = 1, timeout: float = PATIENCE) -> dict[str, Any]:
    """The ``count``-th presence update ``probe`` received about ``person``."""

    async def until() -> dict[str, Any]:
        while True:
            found = [p for p in probe.received(EVENT) if isinstance(p, dict) and p.get("userId") == person.id]
            if len(found) >= count:
                return found[count - 1]
            probe._arrived.clear()
            await probe._arrived.wait()

    return await asyncio.wait_for(until(), timeout)
