"""One lock per pair of people opening their DM, so that two opening each other's at once end up
in one channel. The locks belong to the app's gateway (``gateway.service``), not to the module:
an ``asyncio.Lock`` is bound to the event loop it first waited on, and a map of the module would be
shared by every app of the process and keep a lock for every pair that ever opened a DM."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from core.context import hearth


class OpeningLocks:
    def __init__(self, gateway: Any = None) -> None:
        # (lock, how many hold it or wait for it): forgotten when that falls to nought
        self._locks: dict[tuple[int, int], tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def held(self, user_id: int, other_id: int) -> AsyncIterator[None]:
        key = (min(user_id, other_id), max(user_id, other_id))
        lock, users = self._locks.get(key) or (asyncio.Lock(), 0)
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)

    def __len__(self) -> int:
        return len(self._locks)


def opening_locks() -> OpeningLocks:
    return hearth().gateway.service("inbox.opening_locks", OpeningLocks)
