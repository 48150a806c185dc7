"""Interest routing: what a process needs to hear only the rooms where it holds a socket.

With ``[redis] interest_routing`` on, an emit to a room goes on that room's own Redis channel
(``<stream channel>:r:<room>``) and a process subscribes to the channel of every room it holds a
socket in; everything else (commands, acknowledgements, heartbeats, broadcasts, emits to more
than ``MAX_COPIES`` rooms) stays on the one ordered stream channel that every process hears.

Room messages are numbered per process apart from the stream (``rseq``): a listener sees only
some of another process's room messages, so a hole in that numbering says nothing. Room events
are missed in two ways only, and each is noticed where it happens:

- the publisher could not send them (``Redis`` down or too slow): it knows their rooms and, once
  Redis answers, tells every process which rooms lost events (``hearth:lost``, sent again
  until it goes out);
- the listener was not subscribed (its link broke, Redis restarted): once subscribed again it
  asks every process it knew which rooms it published to since the last number it heard from
  it (``hearth:rewind``); each answers from ``PublishedLog`` (``hearth:rooms``).

Either way only the sockets in the rooms concerned are asked to reconnect. docs/faults.md has the
whole design; docs/operations.md how it maps onto a Redis Cluster.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

MAX_COPIES = 16  # an emit to more rooms than this is published once on the stream channel
LOG_SIZE = 100_000  # room messages a process remembers for the rewinds of others
MAX_LOST = 10_000  # rooms named in one hearth:lost; past this it says "every room"


def room_channel(stream: str, room: str) -> str:
    return f"{stream}:r:{room}"


def routes(room: object, namespace: str | None) -> tuple[str, ...] | None:
    """The rooms an emit is published on, or None for the stream channel (every process)."""
    if (namespace or "/") != "/" or room is None:
        return None
    if isinstance(room, str):
        return (room,)
    if isinstance(room, list | tuple) and 0 < len(room) <= MAX_COPIES and all(isinstance(r, str) for r in room):
        return tuple(room)
    return None


class PublishedLog:
    """The rooms of this process's last ``size`` room messages, to answer rewinds."""

    def __init__(self, size: int = LOG_SIZE):
        self.entries: deque[tuple[int, tuple[str, ...]]] = deque(maxlen=size)

    def add(self, rseq: int, rooms: tuple[str, ...]) -> None:
        self.entries.append((rseq, rooms))

    def rooms_after(self, after: int, last: int) -> dict[str, int] | None:
        """Each room published to after number ``after``, with its first number after it; None
        when the log no longer reaches back that far (the asker must assume every room)."""
        if after >= last:
            return {}
        if not self.entries or self.entries[0][0] > after + 1:
            return None
        first: dict[str, int] = {}
        for rseq, rooms in reversed(self.entries):
            if rseq <= after:
                break
            for room in rooms:
                first[room] = rseq
        return first


@dataclass(slots=True)
class Rewind:
    after: int  # the last number heard from the process before this listener stopped listening
    deadline: float
    first: int | None = None  # its first room message heard since: what follows was not missed


class RoomStreams:
    """Where each other process's room numbering stands as this process heard it, and the rewinds
    it is waiting for after resubscribing."""

    def __init__(self, window: float):
        self.window = window
        self.last: dict[str, int] = {}
        self.rewinding: dict[str, Rewind] = {}
        # since when every subscription of this listener holds: what it hears of no rewind was
        # published before then (anything published later reached it, or its publisher
        # announces it lost), so a socket whose state was read after it already holds it
        self.since = 0.0

    def subscribed(self, now: float, sockets_connected: bool) -> dict[str, int]:
        """Subscribed (again): with sockets connected, the processes to ask for a rewind and from
        which number; without, nothing can have been missed and everything starts afresh."""
        self.since = math.inf  # not yet known: until then a loss counts as published before now
        if not sockets_connected:
            self.last.clear()
            self.rewinding.clear()
            return {}
        self.rewinding = {origin: Rewind(after, now + self.window) for origin, after in self.last.items()}
        return dict(self.last)

    def listening(self, now: float) -> None:
        """Every subscription asked for at ``subscribed`` holds."""
        self.since = now

    def fresh(self, origin: str, rseq: int) -> bool:
        """False for a copy already handled (an emit to several rooms arrives once per room)."""
        last = self.last.get(origin)
        return last is None or rseq > last

    def heard(self, origin: str, rseq: int, now: float, lenient_until: float, message: bool) -> bool:
        """Note a room message's number (``message``) or a heartbeat's; True when the process was
        never heard before, outside the first window, and had already published room messages:
        this listener may have missed some and must ask it for a rewind from the start."""
        last = self.last.get(origin)
        if last is None or rseq > last:
            self.last[origin] = rseq
        waiting = self.rewinding.get(origin)
        if waiting is not None:
            if message and waiting.first is None:
                waiting.first = rseq
            if not message:  # alive: it answers the rewind asked again each beat once it hears it
                waiting.deadline = max(waiting.deadline, now + self.window)
        if last is None and origin not in self.rewinding and now >= lenient_until and rseq > (1 if message else 0):
            self.rewinding[origin] = Rewind(0, now + self.window, rseq if message else None)
            return True
        return False

    def answered(self, origin: str, rooms: dict[str, int] | None) -> list[str] | None:
        """The rooms whose events this listener missed, from a rewind's answer; None: all may be.
        They were published before ``since``."""
        waiting = self.rewinding.pop(origin, None)
        if waiting is None:
            return []
        if rooms is None:
            return None
        return [room for room, rseq in rooms.items() if waiting.first is None or rseq < waiting.first]

    def overdue(self, now: float) -> list[str]:
        late = [origin for origin, waiting in self.rewinding.items() if now > waiting.deadline]
        for origin in late:
            del self.rewinding[origin]
        return late

    def postpone(self, seconds: float) -> None:
        for waiting in self.rewinding.values():
            waiting.deadline += seconds

    def forget(self, origin: str) -> None:
        self.last.pop(origin, None)


class LostRooms:
    """Rooms whose events this process could not publish, until it has told the others."""

    def __init__(self) -> None:
        self.rooms: set[str] = set()
        self.all = False

    def add(self, rooms: Iterable[str]) -> None:
        if not self.all:
            self.rooms.update(rooms)
            if len(self.rooms) > MAX_LOST:
                self.all, self.rooms = True, set()

    def add_all(self) -> None:
        self.all, self.rooms = True, set()

    def __bool__(self) -> bool:
        return self.all or bool(self.rooms)

    def take(self) -> list[str] | None:
        """The notice's rooms (None: every room), forgetting them."""
        rooms = None if self.all else sorted(self.rooms)
        self.rooms, self.all = set(), False
        return rooms
