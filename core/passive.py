"""Passive sockets: the events of a busy room in full only while the socket has it open, a
coalesced summary of them otherwise (docs/protocol-extensions.md, "Passive delivery").

A socket that named ``passive`` at authenticate is *passive*; it says which room it has open and
which rooms it may hear summarised (:meth:`Passive.view`; none until it does). A plugin marks some
of its events *quiet* (:meth:`Passive.quiet`): such an event, emitted to exactly the room it
concerns, is not sent to a passive socket that may hear that room summarised, does not have it
open and is not named by ``full_for``; every other socket gets it as usual. The event is folded
(``fold``) into the room's pending summary instead, which this process sends to those sockets at
most once per ``window`` seconds: at once when the room was quiet for a window, else when the
window ends. A socket remembers the rooms of which it missed an event that ``misses`` (its copy of
them may be stale); :meth:`Passive.caught_up` tells and forgets it when the room is opened again.

Everything happens where the event is delivered to sockets: each process decides for its own
sockets, so a view changes nothing in rooms or Redis subscriptions, and an event delivered after
:meth:`Passive.view` returned reaches that socket in full. Emits with no passive socket on the
process cost one dict lookup."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("hearth.gateway")
FEATURE = "passive"
WINDOW = 1.0  # seconds: at most one summary per room per window to each passive socket
EVERYONE = "*"  # ``full_for``'s answer when every socket gets the event in full


@dataclass(slots=True)
class View:
    user: str  # the socket's user id
    room: str | None = None  # the room it has open
    summarised: frozenset[str] = frozenset()  # rooms it may hear summarised when not open
    # rooms where it may be noted in ``Passive._missed`` (every room it was away from since it
    # last opened it), so that forgetting the socket finds its notes without a search
    was_away: set[str] = field(default_factory=set)

    def away_rooms(self) -> frozenset[str]:
        return self.summarised - {self.room} if self.room in self.summarised else self.summarised


@dataclass(slots=True)
class QuietEvent:
    room_of: Callable[[Any], str | None]  # the room the event concerns, from its data
    full_for: Callable[[Any], Iterable[str] | str]  # user ids that need it in full, or EVERYONE
    fold: Callable[[Any, Any], Any] | None  # (pending summary or None, data) -> summary; None: none
    summary_event: str
    misses: bool  # withholding it leaves the socket's copy of the room stale (not so typing)


Deliver = Callable[[str, Any, list[str]], Awaitable[None]]


class Passive:
    def __init__(self, window: float = WINDOW):
        self.window = window
        self.views: dict[str, View] = {}  # passive sockets of this process
        self.events: dict[str, QuietEvent] = {}
        self.deliver: Deliver | None = None  # local delivery to sockets (set by the gateway)
        self.participants: Callable[[str], Iterable[str]] = lambda room: ()
        # Indexes kept as views change, so that an event costs set operations on the room's
        # passive sockets, never a loop over its participants (thousands in a big server):
        self._away: dict[str, set[str]] = {}  # room -> sockets that hear it summarised now
        self._missed: dict[str, set[str]] = {}  # room -> sockets an event of it was withheld from
        self._sids: dict[str, set[str]] = {}  # user id -> their passive sockets here
        self._pending: dict[str, list[Any]] = {}  # room -> [summary event, summary or None, timer]

    # --- what plugins and the gateway call ---------------------------------------------------
    def quiet(
        self,
        event: str,
        room_of: Callable[[Any], str | None],
        summary_event: str,
        fold: Callable[[Any, Any], Any] | None = None,
        full_for: Callable[[Any], Iterable[str] | str] = lambda data: (),
        misses: bool = True,
    ) -> None:
        self.events[event] = QuietEvent(room_of, full_for, fold, summary_event, misses)

    def add(self, sid: str, user_id: str) -> None:
        self.views[sid] = View(user_id)
        self._sids.setdefault(user_id, set()).add(sid)

    def view(self, sid: str, room: str | None, summarised: Iterable[str] | None = None) -> bool:
        """The room the socket has open (None: none) and, unless None, the rooms it may hear
        summarised; False when the socket is not passive."""
        view = self.views.get(sid)
        if view is None:
            return False
        self._change(sid, view, room, view.summarised if summarised is None else frozenset(summarised))
        return True

    def summarise(self, sid: str, rooms: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
        """Change the rooms a passive socket may hear summarised (from the next event on); returns
        the rooms that became summarised and those that no longer are."""
        view = self.views.get(sid)
        if view is None:
            return frozenset(), frozenset()
        before = view.summarised
        self._change(sid, view, view.room, frozenset(rooms))
        return view.summarised - before, before - view.summarised

    def caught_up(self, sid: str, room: str) -> bool:
        """Whether an event of the room was withheld from the socket since it last had it open (or
        since it connected); forgets it. Called as the socket opens the room, with no await
        between :meth:`view` and this."""
        view = self.views.get(sid)
        missed = self._missed.get(room)
        if view is None or missed is None or sid not in missed:
            return False
        _discard(self._missed, room, sid)
        if room == view.room:
            view.was_away.discard(room)
        return True

    def forget(self, sid: str) -> None:
        view = self.views.pop(sid, None)
        if view is None:
            return
        for room in view.away_rooms():
            _discard(self._away, room, sid)
        for room in view.was_away:
            _discard(self._missed, room, sid)
        _discard(self._sids, view.user, sid)

    def _change(self, sid: str, view: View, room: str | None, summarised: frozenset[str]) -> None:
        before = view.away_rooms()
        view.room, view.summarised = room, summarised
        after = view.away_rooms()
        for gone in before - after:
            _discard(self._away, gone, sid)
        for new in after - before:
            self._away.setdefault(new, set()).add(sid)
        view.was_away |= after

    # --- delivery ------------------------------------------------------------------------------
    def skipped(self, event: str, data: Any, room: Any, skip_sid: Any) -> Any:
        """``skip_sid`` for an emit, with the passive sockets that get a summary instead (a set)."""
        quiet = self.events.get(event)
        if quiet is None or not self.views:
            return skip_sid
        if isinstance(room, list | tuple) and len(room) == 1:
            room = room[0]
        if not isinstance(room, str) or room not in self._away or quiet.room_of(data) != room:
            return skip_sid  # not the room the event is about (a DM goes to its people's rooms)
        full = quiet.full_for(data)
        if full == EVERYONE:
            return skip_sid
        away = set(self._away[room])  # with sockets no longer in the room, whom the emit skips anyway
        for user in full:
            away -= self._sids.get(user, _NONE)
        if not away:
            return skip_sid
        if quiet.misses:
            self._missed.setdefault(room, set()).update(away)
        if quiet.fold is not None:
            self._fold(room, quiet, data)
        if skip_sid is not None:
            away.update([skip_sid] if isinstance(skip_sid, str) else skip_sid)
        return away

    def _away_in(self, room: str) -> set[str]:
        """The passive sockets of the room's participants here that hear it summarised now."""
        away = self._away.get(room)
        return away.intersection(self.participants(room)) if away else set()

    def _fold(self, room: str, quiet: QuietEvent, data: Any) -> None:
        pending = self._pending.get(room)
        if pending is None:  # quiet for a window: sent now, and the window starts
            summary = quiet.fold(None, data)  # type: ignore[misc]
            self._pending[room] = [quiet.summary_event, None, self._later(room)]
            self._send(room, quiet.summary_event, summary)
            return
        pending[0] = quiet.summary_event
        pending[1] = quiet.fold(pending[1], data)  # type: ignore[misc]

    def _later(self, room: str) -> asyncio.TimerHandle:
        return asyncio.get_running_loop().call_later(self.window, self._window_ended, room)

    def _window_ended(self, room: str) -> None:
        pending = self._pending.pop(room, None)
        if pending is None or pending[1] is None:
            return  # nothing since the last summary: the room is quiet again
        self._pending[room] = [pending[0], None, self._later(room)]
        self._send(room, pending[0], pending[1])

    def _send(self, room: str, event: str, summary: Any) -> None:
        sids = self._away_in(room)
        if sids and self.deliver is not None:
            task = asyncio.get_running_loop().create_task(self.deliver(event, summary, list(sids)))
            task.add_done_callback(_report)

    def close(self) -> None:
        for pending in self._pending.values():
            pending[2].cancel()
        self._pending.clear()


_NONE: frozenset[str] = frozenset()


def _discard(index: dict[str, set[str]], key: str, sid: str) -> None:
    members = index.get(key)
    if members is not None:
        members.discard(sid)
        if not members:
            del index[key]


def _report(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("sending a summary failed", exc_info=task.exception())
