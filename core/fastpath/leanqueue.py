"""An unbounded queue for Engine.IO's per-socket packet queue, small while it is empty.

``asyncio.Queue`` builds four ``collections.deque`` objects up front (items, getters, putters
and its ``join`` event's waiters), about 3 KB together, for every socket, though an idle socket's
queue holds nothing and has one waiter at most (its writer task). This one keeps a list of items
only while it has some, and creates waiter futures only for who waits. It has what Engine.IO and
``core.fastpath.fanout`` use: ``put``/``put_nowait``, ``get``/``get_nowait``, ``task_done``, ``join``,
``empty`` and ``qsize``.
"""

from __future__ import annotations

import asyncio
from typing import Any


class LeanQueue:
    __slots__ = ("_items", "_getters", "_unfinished", "_joiners")

    def __init__(self) -> None:
        self._items: list[Any] | None = None
        self._getters: list[asyncio.Future] | None = None
        self._unfinished = 0
        self._joiners: list[asyncio.Future] | None = None

    def qsize(self) -> int:
        return len(self._items) if self._items else 0

    def empty(self) -> bool:
        return not self._items

    def full(self) -> bool:
        return False

    def put_nowait(self, item: Any) -> None:
        if self._items is None:
            self._items = [item]
        else:
            self._items.append(item)
        self._unfinished += 1
        self._wake_next_getter()

    async def put(self, item: Any) -> None:
        self.put_nowait(item)

    def get_nowait(self) -> Any:
        items = self._items
        if not items:
            raise asyncio.QueueEmpty
        item = items.pop(0)
        if not items:
            self._items = None
        return item

    async def get(self) -> Any:
        while not self._items:
            getter = asyncio.get_running_loop().create_future()
            if self._getters is None:
                self._getters = []
            self._getters.append(getter)
            try:
                await getter
            except BaseException:
                getter.cancel()
                if self._getters is not None and getter in self._getters:
                    self._getters.remove(getter)
                    if not self._getters:
                        self._getters = None
                if self._items and not getter.cancelled():
                    self._wake_next_getter()  # it was woken for an item it will not take
                raise
        return self.get_nowait()

    def _wake_next_getter(self) -> None:
        while self._getters:
            getter = self._getters.pop(0)
            if not getter.done():
                getter.set_result(None)
                break
        if not self._getters:
            self._getters = None

    def task_done(self) -> None:
        if self._unfinished <= 0:
            raise ValueError("task_done() called too many times")
        self._unfinished -= 1
        if self._unfinished == 0 and self._joiners:
            for joiner in self._joiners:
                if not joiner.done():
                    joiner.set_result(None)
            self._joiners = None

    async def join(self) -> None:
        if self._unfinished:
            joiner = asyncio.get_running_loop().create_future()
            if self._joiners is None:
                self._joiners = []
            self._joiners.append(joiner)
            await joiner
