"""Subscribing to the channel of each room this process holds a socket in (interest routing).

Mixed into ``core.fanout_redis.FastEmitRedisManager``. A room's channel is subscribed when its
first local socket enters it and unsubscribed when its last one leaves (python-socketio's
``basic_enter_room``/``basic_leave_room``, through which every join, leave and disconnect goes).
The commands are queued and sent in order, grouped, by one task on the listener's connection.

Redis answers a connection's commands in order, one reply per channel named, and every message
published after it ran a SUBSCRIBE reaches the listener behind that reply. So a socket's
``enter_room`` returns once the listener has read its room's reply: whatever is published to
the room afterwards reaches it, as with one channel for everything. The listener itself cannot
wait (it is what reads the replies): a command it runs acknowledges (``hearth:done``) only once
the subscriptions it asked for hold (``when_subscribed``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.fanout_rooms import room_channel
from core.redisconn import REDIS_ERRORS, raise_if_cancelled

log = logging.getLogger("hearth.gateway")
MAX_CHANNELS_PER_COMMAND = 1000


@dataclass(slots=True)
class _Due:
    """A reply the listener waits for: its room (None: the stream channel), whoever waits for it."""

    room: str | None
    joined: asyncio.Future | None = None
    then: list[Callable[[], None]] = field(default_factory=list)


class RoomSubscriptions:
    routed = False  # interest routing on ([redis] interest_routing)
    channel: str
    timeout: float
    rooms: dict
    _tasks: list[asyncio.Task]

    def _init_subscriptions(self) -> None:
        self._pubsub: Any = None  # the listener's, while it listens
        self._ops: deque[tuple[str, str]] = deque()  # (SUBSCRIBE or UNSUBSCRIBE, channel) to send
        self._due: deque[_Due] = deque()  # replies not yet read, in the order they will come
        self._joining: dict[str, asyncio.Future] = {}  # room -> its subscription's reply read
        self._flusher: asyncio.Task | None = None
        self._flushing: Any = None  # the connection it sends on
        self.link_broken = False  # a command could not be sent: the listener must start afresh

    # --- python-socketio's room bookkeeping ---------------------------------------------
    def basic_enter_room(self, sid: str, namespace: str, room: Any, eio_sid: Any = None) -> None:
        new = self.routed and namespace == "/" and room is not None and room not in self.rooms.get("/", {})
        super().basic_enter_room(sid, namespace, room, eio_sid=eio_sid)  # type: ignore[misc]
        if new:
            self._want("SUBSCRIBE", room)

    def basic_leave_room(self, sid: str, namespace: str, room: Any) -> None:
        had = self.routed and namespace == "/" and room is not None and room in self.rooms.get("/", {})
        super().basic_leave_room(sid, namespace, room)  # type: ignore[misc]
        if had and room not in self.rooms.get("/", {}):
            self._want("UNSUBSCRIBE", room)

    async def enter_room(self, sid: str, namespace: str, room: Any, eio_sid: Any = None) -> None:
        await super().enter_room(sid, namespace, room, eio_sid=eio_sid)  # type: ignore[misc]
        joined = self._joining.get(room)
        if joined is None or joined.done() or asyncio.current_task() in self._tasks:
            return
        try:
            await asyncio.wait_for(asyncio.shield(joined), self.timeout)
        except TimeoutError:
            # Redis slower than the time-out counts as down; what the room got meanwhile is unknown
            await self._gap(f"Redis did not confirm the subscription to room {room} in time")

    async def _gap(self, why: str) -> None:
        raise NotImplementedError

    # --- sending the commands -----------------------------------------------------------
    def _want(self, verb: str, room: str) -> None:
        if self._pubsub is None:
            return  # not listening: the next subscription takes the rooms as they are then
        joined = None
        if verb == "SUBSCRIBE":
            joined = self._joining[room] = asyncio.get_running_loop().create_future()
        self._queue(verb, room, joined)
        self._kick()

    def _queue(self, verb: str, room: str | None, joined: asyncio.Future | None = None) -> None:
        self._ops.append((verb, self.channel if room is None else room_channel(self.channel, room)))
        self._due.append(_Due(room, joined))

    def _kick(self) -> None:
        # (a sender still finishing with a previous connection stops by itself)
        if self._pubsub is not None and (self._flusher is None or self._flushing is not self._pubsub):
            self._flushing = self._pubsub
            self._flusher = asyncio.create_task(self._flush(self._pubsub))

    async def _flush(self, pubsub: Any) -> None:
        try:
            while self._ops and self._pubsub is pubsub:
                verb = self._ops[0][0]
                group: list[str] = []
                while self._ops and self._ops[0][0] == verb and len(group) < MAX_CHANNELS_PER_COMMAND:
                    group.append(self._ops.popleft()[1])
                await pubsub.execute_command(verb, *group)
        except asyncio.CancelledError:
            raise
        except REDIS_ERRORS as error:
            raise_if_cancelled()
            if self._pubsub is pubsub:
                log.warning("could not change subscriptions (%s: %s): listening afresh", type(error).__name__, error)
                self.link_broken = True
        finally:
            if self._flushing is pubsub:
                self._flusher = self._flushing = None

    # --- the listener's side ------------------------------------------------------------
    def subscribe_all(self, pubsub: Any, then: Callable[[], None]) -> None:
        """Subscribe on a fresh connection to the stream channel and to every room held here;
        ``then`` runs once they all hold."""
        self._pubsub = pubsub
        self.link_broken = False
        self._queue("SUBSCRIBE", None)
        if self.routed:
            for room in self.rooms.get("/", {}):
                if room is not None:
                    self._queue("SUBSCRIBE", room)
        self.when_subscribed(then)
        self._kick()

    def replied(self) -> None:
        """The listener read a SUBSCRIBE or UNSUBSCRIBE reply: the oldest one due."""
        if self._due:
            self._settle(self._due.popleft())

    def when_subscribed(self, then: Callable[[], None]) -> None:
        """Run ``then`` once every subscription asked for so far holds (at once if none is due)."""
        if self._due:
            self._due[-1].then.append(then)
        else:
            then()

    def unsubscribed_all(self) -> None:
        """The listener's connection is gone: nothing due will be answered on it. Whoever waits
        goes on (the next subscription finds out, by rewinds, what was missed meanwhile)."""
        self._pubsub = None
        self._ops.clear()
        due, self._due = self._due, deque()
        for entry in due:
            self._settle(entry)
        self._joining.clear()

    def _settle(self, entry: _Due) -> None:
        if entry.joined is not None:
            if not entry.joined.done():
                entry.joined.set_result(None)
            if entry.room is not None and self._joining.get(entry.room) is entry.joined:
                del self._joining[entry.room]
        for then in entry.then:
            then()
