"""The event stream between server processes: one Redis pub/sub channel, ordered and numbered,
and (interest routing, core/fanout_rooms.py) a channel per room for emits to rooms.

Every process publishes, in order, on one channel (emits to rooms go on the rooms' channels
instead while routing is on): Socket.IO emits, room and disconnect requests
(python-socketio's messages) and Hearth's own gateway commands (``Gateway.everywhere``: room
recomputation, kicks). One listener per process handles them one after the other, so a room
change reaches every process before the events that follow it. A process handles its own
messages locally when it makes them and skips them when they come back. A command is also
acknowledged (``hearth:done``) by every process that ran it, and its sender waits for those
(up to the time-out), so an event emitted afterwards by *another* process, for a request that
came after, finds the rooms changed there too.

Nothing published is acknowledged by Redis's subscribers, so each process numbers its messages
(``origin``, ``seq``) and announces its last number in a heartbeat every ``beat_seconds``.
A listener that finds a number missing — a publish that failed during an outage, a message sent
while it was resubscribing — knows that its sockets may lack events and asks them to reconnect
(``on_gap``); a socket that stays connected has therefore seen every event. docs/faults.md has
the whole design and why missed events are not buffered and replayed.

Publishing never waits for Redis: ``_publish`` numbers and serialises the message and puts it in
an outbox that one writer task sends in order (pipelined). A batch that cannot be sent after one
retry on a fresh connection is dropped, which the heartbeat then reveals as a gap.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import socketio

from core import fastjson
from core.fanout_rooms import LostRooms, PublishedLog, RoomStreams, room_channel, routes
from core.fanout_subscriptions import RoomSubscriptions
from core.fastpath.fanout import FastEmitManager
from core.metrics.families import FANOUT_EMITS_HEARD
from core.redisconn import REDIS_ERRORS, Outage, connect, raise_if_cancelled

log = logging.getLogger("hearth.gateway")
COMMAND = "hearth:command"
DONE = "hearth:done"
BEAT = "hearth:beat"
BYE = "hearth:bye"
LOST = "hearth:lost"  # "these rooms' events could not be published" (core/fanout_rooms.py)
REWIND = "hearth:rewind"  # "which rooms did you publish to since your number n?"
ROOMS = "hearth:rooms"  # the answer
# Not numbered: losing one must not make every listener resync all its sockets. A lost goodbye
# is a process that stops being heard; a rewind is asked again every beat until answered; a lost
# notice is sent again, and a listener that was away when it went asks for a rewind anyway.
UNNUMBERED = (BYE, REWIND, ROOMS, LOST)
# Carry the sender's last number, not one of their own: a heartbeat, and a loss notice and a
# rewind's answer, so that stream messages lost with rooms' events are found with them, not a
# beat later (by when a socket that connected meanwhile, whose state already holds them, would
# be asked to reconnect for nothing). The notice and the answer say it as ``last``: a process of
# an older version, met during a rolling upgrade, would take a ``seq`` for the message's own.
CARRY_LAST = (BEAT, LOST, ROOMS)
MAX_OUTBOX = 20_000  # messages waiting for Redis; past this the oldest are dropped (a gap, seen as one)
MAX_BATCH = 500
_MIN_RETRY, _MAX_RETRY = 0.1, 2.0


class Streams:
    """Where each other process's numbered stream stands, as this process has heard it.

    ``numbered``/``beat`` answer whether something was missed. Right after subscribing with no
    socket connected nothing can have been missed, so the first number heard from each process
    (within ``window`` seconds) is taken as it comes. After resubscribing with sockets, every
    process heard before must continue its numbering without a hole, and be heard within
    ``window``, or it counts as a gap; a process never heard before must start at the beginning.
    """

    def __init__(self, window: float, forget_after: float = 60.0):
        self.window = window
        self.forget_after = forget_after
        self.last: dict[str, int] = {}
        self.heard: dict[str, float] = {}
        self.awaiting: dict[str, float] = {}
        self.lenient_until = 0.0

    def subscribed(self, now: float, sockets_connected: bool) -> None:
        if not sockets_connected:
            self.last.clear()
            self.heard.clear()
            self.awaiting.clear()
            self.lenient_until = now + self.window
        else:
            self.lenient_until = now
            self.awaiting = {origin: now + self.window for origin in self.last}

    def _heard(self, origin: str, now: float) -> int | None:
        self.heard[origin] = now
        self.awaiting.pop(origin, None)
        return self.last.get(origin)

    def numbered(self, origin: str, seq: int, now: float) -> str:
        """``"new"``, ``"duplicate"`` (a publish retried after a time-out) or ``"gap"``."""
        last = self._heard(origin, now)
        if last is not None and seq <= last:
            return "duplicate"
        self.last[origin] = seq
        if last is None:
            return "new" if seq == 1 or now < self.lenient_until else "gap"
        return "new" if seq == last + 1 else "gap"

    def beat(self, origin: str, seq: int, now: float) -> bool:
        """True when the heartbeat's number shows messages that never arrived."""
        last = self._heard(origin, now)
        if last is None:
            self.last[origin] = seq
            return not (seq == 0 or now < self.lenient_until)
        if seq > last:
            self.last[origin] = seq
            return True
        return False

    def alive(self, now: float, within: float) -> set[str]:
        return {origin for origin, at in self.heard.items() if now - at <= within}

    def forget(self, origin: str) -> None:
        self.last.pop(origin, None)
        self.heard.pop(origin, None)
        self.awaiting.pop(origin, None)

    def postpone(self, seconds: float) -> None:
        """This process was not running for ``seconds`` (its loop stalled): the deadlines that were
        running meanwhile move on by as much, since nothing could be heard while it stood still."""
        self.awaiting = {origin: deadline + seconds for origin, deadline in self.awaiting.items()}
        self.lenient_until += seconds

    def overdue(self, now: float) -> list[str]:
        """Processes that were expected after a resubscription and stayed silent (they may have
        published what this process missed, then stopped); forgets them and long-silent ones."""
        late = [origin for origin, deadline in self.awaiting.items() if now > deadline]
        for origin in late:
            self.forget(origin)
        for origin in [o for o, at in self.heard.items() if now - at > self.forget_after and o not in self.awaiting]:
            self.forget(origin)
        return late


def _missed(origin: str, before: int | None, up_to: int) -> str:
    return f"events {'?' if before is None else before + 1}..{up_to} of process {origin} never arrived"


class FastEmitRedisManager(RoomSubscriptions, socketio.AsyncRedisManager, FastEmitManager):
    """Redis fan-out across processes; each process delivers to its own sockets the fast way.

    The gateway sets ``on_command`` (run a command published by another process), ``on_gap``
    (this process may have missed events) and ``on_room_gap`` (its sockets in these rooms may
    have) and calls ``start``/``stop``. With ``routed`` (interest routing) an emit to rooms goes
    on the rooms' own channels, heard only by the processes holding sockets in them
    (core/fanout_rooms.py), as long as every process heard from lately does the same.
    """

    def __init__(self, url: str, channel: str, timeout: float = 2.0, beat_seconds: float = 1.0, routed: bool = True):
        super().__init__(url, channel=channel)
        self.on_command: Callable[[dict[str, Any]], Awaitable[None]] | None = None
        self.on_gap: Callable[[str], Awaitable[None]] | None = None
        self.on_room_gap: Callable[[list[str], str, float | None], Awaitable[None]] | None = None
        self.routed = routed
        self._init_subscriptions()
        self._rseq = 0
        self._published = PublishedLog()
        self._lost = LostRooms()
        self._notice: tuple[list[str] | None, str] | None = None  # the last hearth:lost queued, as sent
        self._plain: dict[str, float] = {}  # processes whose heartbeats say they hear only the stream channel
        self.configure(timeout, beat_seconds)
        self.listening = False  # subscribed right now
        self.publish_outage = Outage(log, "events", "reach only this process's sockets until it is back")
        self.listen_outage = Outage(log, "events from other processes", "cannot be received until it is back")
        self._seq = 0
        self._outbox: deque[tuple[tuple[str, ...] | None, str]] = deque()  # (rooms or None: the stream, message)
        self._beat_waiting = False
        self._sending = False
        self._wake: asyncio.Event | None = None
        self._subscribed: asyncio.Event | None = None
        self._tasks: list[asyncio.Task] = []
        self._writer_client: Any = None
        self._acks: dict[int, tuple[set[str], asyncio.Event]] = {}  # command seq -> (processes yet to run it, all done)
        own = fastjson.dumps({"origin": self.host_id})[:-1]  # how this process's messages begin
        self._own: dict[type, Any] = {str: own, bytes: own.encode()}

    def configure(self, timeout: float, beat_seconds: float) -> None:
        """``timeout``: a Redis call slower than this fails; ``beat_seconds``: heartbeat period."""
        self.timeout = timeout
        self.beat_seconds = beat_seconds
        self.streams = Streams(window=3 * beat_seconds + timeout)
        self.rooms_heard = RoomStreams(window=3 * beat_seconds + timeout)

    # --- lifecycle -----------------------------------------------------------------------
    def initialize(self) -> None:
        # python-socketio calls this on the first connection; the gateway normally started us already
        if not self._tasks:
            self._start_tasks()

    def _start_tasks(self) -> None:
        self._wake = asyncio.Event()
        self._subscribed = asyncio.Event()
        self._writer_client = connect(self.redis_url, self.timeout)
        self._tasks = [
            asyncio.create_task(self._write_loop()),
            asyncio.create_task(self._listen_loop()),
            asyncio.create_task(self._beat_loop()),
        ]
        if self._outbox:
            self._wake.set()

    async def start(self) -> None:
        """Start publishing and listening; wait (up to the time-out) until subscribed, so sockets
        that connect afterwards miss nothing. Redis being down does not stop the start."""
        if not self._tasks:
            self._start_tasks()
        assert self._subscribed is not None
        try:
            await asyncio.wait_for(self._subscribed.wait(), self.timeout)
        except TimeoutError:
            log.warning("Redis not reachable at start: events stay in this process until it is")

    async def stop(self) -> None:
        """Say goodbye, send what is still queued (briefly), stop."""
        if not self._tasks:
            return
        await self._publish({"method": BYE, "host_id": self.host_id})
        deadline = time.monotonic() + self.timeout
        # a brief drain at shutdown: polling is simpler than an event the sender would have to set
        while (self._outbox or self._sending) and time.monotonic() < deadline and not self.publish_outage.down:  # noqa: ASYNC110
            await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
        await asyncio.wait(self._tasks, timeout=self.timeout)
        self._tasks = []
        await self._writer_client.aclose()

    # --- publishing ------------------------------------------------------------------------
    async def emit(
        self,
        event: str,
        data: Any,
        namespace: str | None = None,
        room: Any = None,
        skip_sid: Any = None,
        callback: Any = None,
        to: Any = None,
        **kwargs: Any,
    ) -> None:
        room = to or room
        if callback is None and isinstance(room, str) and self.is_connected(room, namespace or "/"):
            kwargs["ignore_queue"] = True  # one socket of this process: no other process has it
        if callback is not None or kwargs.get("ignore_queue"):
            await super().emit(
                event, data, namespace=namespace, room=room, skip_sid=skip_sid, callback=callback, **kwargs
            )
            return
        # python-socketio's own emit, less its search of the whole payload for binary data (Hearth's
        # events carry none): delivered here, then published for the other processes
        message = {
            "method": "emit",
            "event": event,
            "data": list(data) if isinstance(data, tuple) else [data],
            "binary": False,
            "namespace": namespace or "/",
            "room": room,
            "skip_sid": skip_sid,
            "callback": None,
            "host_id": self.host_id,
        }
        await self._handle_emit(message)
        await self._publish(message, self._routes(room, namespace))

    def _routes(self, room: Any, namespace: str | None) -> tuple[str, ...] | None:
        if not self.routed or self._plain:
            return None  # every process hears the stream channel, including those that hear only it
        return routes(room, namespace)

    async def publish_command(self, body: dict[str, Any]) -> None:
        """Send a gateway command to the other processes (this one already ran it) and wait, up to
        the time-out, until every process heard from lately has run it."""
        seq = await self._publish({"method": COMMAND, "host_id": self.host_id, **body})
        peers = self.streams.alive(time.monotonic(), 3 * self.beat_seconds + self.timeout)
        if not peers or not self.listening or asyncio.current_task() in self._tasks:
            return  # (the listener itself cannot wait: it is what receives the acknowledgements)
        done = asyncio.Event()
        self._acks[seq] = (peers, done)
        try:
            await asyncio.wait_for(done.wait(), self.timeout)
        except TimeoutError:
            log.warning("%d process(es) did not confirm %s in time", len(self._acks[seq][0]), body.get("command"))
        finally:
            del self._acks[seq]

    def _acknowledged(self, data: dict[str, Any]) -> None:
        waiting = self._acks.get(data.get("ack"))  # type: ignore[arg-type]
        if waiting is not None:
            waiting[0].discard(data.get("origin"))  # type: ignore[arg-type]
            if not waiting[0]:
                waiting[1].set()

    async def _publish(self, data: dict[str, Any], rooms: tuple[str, ...] | None = None) -> int:
        return self._enqueue(data, rooms)

    def _enqueue(self, data: dict[str, Any], rooms: tuple[str, ...] | None = None) -> int:
        # ``origin`` first: the listener knows its own messages by their first bytes (``_own``)
        # without decoding them. (``host_id`` of a callback names its destination.)
        data = {"origin": self.host_id, **data}
        if rooms:  # on the rooms' channels, numbered apart (only some reach each listener)
            self._rseq += 1
            data["rseq"] = self._rseq
            self._published.add(self._rseq, rooms)
        elif data.get("method") == BEAT:
            if self._beat_waiting:
                return self._seq
            self._beat_waiting = True
            data["seq"], data["rseq"] = self._seq, self._rseq
            if self.routed:
                data["routes"] = True
        elif data.get("method") in CARRY_LAST:
            data["last"] = self._seq
        elif data.get("method") not in UNNUMBERED:
            self._seq += 1
            data["seq"] = self._seq
        # serialised now: the caller may change its data after this returns
        self._outbox.append((rooms, fastjson.dumps(data)))
        if len(self._outbox) > MAX_OUTBOX:
            dropped, _ = self._outbox.popleft()
            if dropped:
                self._lost.add(dropped)
        if self._wake is not None:
            self._wake.set()
        return self._seq

    async def _write_loop(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox:
                batch = [self._outbox.popleft() for _ in range(min(MAX_BATCH, len(self._outbox)))]
                self._beat_waiting = False
                self._sending = True
                try:
                    async with self._writer_client.pipeline(transaction=False) as pipe:
                        for rooms, message in batch:
                            if rooms is None:
                                pipe.publish(self.channel, message)
                            else:
                                for room in rooms:
                                    pipe.publish(room_channel(self.channel, room), message)
                        await pipe.execute()
                    self.publish_outage.recovered()
                    if self._lost:  # Redis answers again: say which rooms' events never went out
                        rooms = self._lost.take()
                        self._enqueue({"method": LOST, "rooms": rooms})
                        self._notice = (rooms, self._outbox[-1][1])
                except asyncio.CancelledError:
                    raise
                except REDIS_ERRORS as error:
                    raise_if_cancelled()
                    # dropped: the stream numbers they carried are missing for the listeners, who
                    # resync; the rooms of room messages are announced once Redis answers
                    self.publish_outage.failed(error)
                    for rooms, message in batch:
                        if rooms:
                            self._lost.add(rooms)
                        elif self._notice is not None and message is self._notice[1]:  # to send again
                            if self._notice[0] is None:
                                self._lost.add_all()
                            else:
                                self._lost.add(self._notice[0])
                finally:
                    self._sending = False

    async def _beat_loop(self) -> None:
        while True:
            await self._publish({"method": BEAT, "host_id": self.host_id})
            await asyncio.sleep(self.beat_seconds)
            now = time.monotonic()
            if self.rooms_heard.rewinding and self.listening:  # (asked again: a request may be lost)
                after = {origin: waiting.after for origin, waiting in self.rooms_heard.rewinding.items()}
                await self._publish({"method": REWIND, "after": after})
            self._plain = {origin: at for origin, at in self._plain.items() if now - at <= self.streams.window}
            for origin in [o for o in self.rooms_heard.last if o not in self.streams.heard]:
                self.rooms_heard.forget(origin)  # forgotten by the stream too (gone, or long silent)

    # --- listening ---------------------------------------------------------------------------
    async def _listen_loop(self) -> None:
        assert self._subscribed is not None
        delay = _MIN_RETRY
        while True:
            client = connect(self.redis_url, self.timeout, retries=0)  # a broken link must surface here
            try:
                # subscription replies are read: they say from when each room's channel is heard
                pubsub = client.pubsub()
                await pubsub.connect()
                self.subscribe_all(pubsub, then=lambda pubsub=pubsub: self._now_listening(pubsub))
                now = time.monotonic()
                connected = bool(self.server and self.server.eio.sockets)
                self.streams.subscribed(now, sockets_connected=connected)
                ask = self.rooms_heard.subscribed(now, sockets_connected=connected)
                if ask:  # which of its rooms' events did this process miss while not listening?
                    await self._publish({"method": REWIND, "after": ask})
                self.listen_outage.recovered()
                delay = _MIN_RETRY
                await self._receive_until_broken(pubsub)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                raise_if_cancelled()
                self.listen_outage.failed(error)
            finally:
                self.unsubscribed_all()
                self.listening = False
                try:
                    await client.aclose()
                except Exception:
                    pass
            await asyncio.sleep(delay)
            delay = min(delay * 2, _MAX_RETRY)

    def _now_listening(self, pubsub: Any) -> None:
        if self._pubsub is pubsub:
            self.listening = True
            self.rooms_heard.listening(time.monotonic())
            assert self._subscribed is not None
            self._subscribed.set()

    async def _receive_until_broken(self, pubsub: Any) -> None:
        # This process's own heartbeat comes back every beat: silence means a dead link. Silence
        # is counted in the waits this listener made, each at most a beat long, not in wall time:
        # when the whole process stalled (a long collection, a starved machine), the beats are
        # waiting on the socket, but the wait that times out as the loop resumes has not read them.
        silence = 3 * self.beat_seconds + self.timeout
        quiet = 0.0
        while True:
            if self.link_broken:
                raise ConnectionError("subscriptions could not be changed")
            asked_at = time.monotonic()
            message = await pubsub.get_message(timeout=self.beat_seconds)
            now = time.monotonic()
            waited = now - asked_at
            if waited > self.beat_seconds:  # the loop stalled: deadlines move on by the overrun
                self.streams.postpone(waited - self.beat_seconds)
                self.rooms_heard.postpone(waited - self.beat_seconds)
            kind = message.get("type") if message is not None else None
            if kind == "message" and not self.link_broken:
                quiet = 0.0
                await self._receive(message["data"], now)  # type: ignore[index]
            elif kind in ("subscribe", "unsubscribe"):
                quiet = 0.0
                self.replied()
            else:
                quiet += min(waited, self.beat_seconds)
                if quiet > silence:
                    raise ConnectionError(f"nothing heard on {self.channel} for {silence:.0f} s")
            late = self.streams.overdue(now) + self.rooms_heard.overdue(now)
            if late:
                await self._gap(f"{len(late)} process(es) silent since Redis came back")

    async def _receive(self, raw: bytes | str, now: float) -> None:
        if raw.startswith(self._own[type(raw)]):  # this process's own message, back from Redis
            return
        try:
            data = fastjson.loads(raw)
        except ValueError:
            return
        if not isinstance(data, dict):
            return
        origin, method = data.get("origin"), data.get("method")
        seq = data.get("last" if method in (LOST, ROOMS) else "seq")
        if origin == self.host_id:
            return
        rseq = data.get("rseq")
        if method == "emit" and isinstance(rseq, int) and isinstance(origin, str):  # from a room's channel
            if not self.rooms_heard.fresh(origin, rseq):
                return  # another copy of an emit to several rooms, or a publish retried
            await self._heard_rooms(origin, rseq, now, message=True)
        elif origin is not None and isinstance(seq, int):
            before = self.streams.last.get(origin)
            if method == BEAT:
                if data.get("routes"):
                    self._plain.pop(origin, None)
                else:
                    self._plain[origin] = now
                if isinstance(rseq, int):
                    await self._heard_rooms(origin, rseq, now, message=False)
            if method in CARRY_LAST:
                if self.streams.beat(origin, seq, now):
                    await self._gap(_missed(origin, before, seq))
                if method == BEAT:
                    return
            else:
                state = self.streams.numbered(origin, seq, now)
                if state == "duplicate":
                    return
                if state == "gap":
                    await self._gap(_missed(origin, before, seq - 1))
        elif method == BYE and origin is not None:
            self.streams.forget(origin)
            self.rooms_heard.forget(origin)
            self._plain.pop(origin, None)
            return
        try:
            await self._dispatch(method, data)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("could not handle %s from another process", method)

    async def _dispatch(self, method: str | None, data: dict[str, Any]) -> None:
        if method == "callback":
            await self._handle_callback(data)
        elif method == DONE and data.get("host_id") == self.host_id:
            self._acknowledged(data)
        elif method == ROOMS:
            if data.get("host_id") == self.host_id:
                await self._rewound(data.get("origin"), data.get("rooms"))
        elif method == REWIND:
            after = (data.get("after") or {}).get(self.host_id)
            if isinstance(after, int):
                rooms = self._published.rooms_after(after, self._rseq)
                await self._publish({"method": ROOMS, "host_id": data.get("origin"), "rooms": rooms})
        elif method == LOST:
            rooms = data.get("rooms")
            why = f"process {data.get('origin')} could not publish some events"
            await (self._gap(why) if rooms is None else self._room_gap(rooms, why))
        elif data.get("host_id") == self.host_id:
            return
        elif method == "emit":
            FANOUT_EMITS_HEARD.labels("room" if "rseq" in data else "stream").inc()
            await self._handle_emit(data)
        elif method == COMMAND:
            try:
                if self.on_command is not None:
                    await self.on_command(data)
            finally:
                # acknowledged once the rooms it made this process enter are heard
                done = {"method": DONE, "host_id": data.get("origin"), "ack": data.get("seq")}
                self.when_subscribed(lambda: self._enqueue(done))
        elif method == DONE:
            return  # addressed to another process
        elif method == "disconnect":
            await self._handle_disconnect(data)
        elif method == "enter_room":
            await self._handle_enter_room(data)
        elif method == "leave_room":
            await self._handle_leave_room(data)
        elif method == "close_room":
            await self._handle_close_room(data)

    async def _gap(self, why: str) -> None:
        if self.on_gap is not None:
            await self.on_gap(why)

    async def _heard_rooms(self, origin: str, rseq: int, now: float, message: bool) -> None:
        if self.rooms_heard.heard(origin, rseq, now, self.streams.lenient_until, message):
            await self._publish({"method": REWIND, "after": {origin: 0}})

    async def _rewound(self, origin: Any, rooms: Any) -> None:
        missed = self.rooms_heard.answered(origin, rooms if isinstance(rooms, dict) else None)
        if missed is None:
            await self._gap(f"process {origin} no longer knows which rooms it published to")
        elif missed:
            why = f"events of process {origin} in {len(missed)} room(s) never arrived"
            await self._room_gap(missed, why, self.rooms_heard.since)

    async def _room_gap(self, rooms: list[str], why: str, before: float | None = None) -> None:
        """``before``: the events were published before then (None: before now)."""
        held = self.rooms.get("/", {})
        here = [room for room in rooms if room in held]
        if here and self.on_room_gap is not None:
            await self.on_room_gap(here, why, before)
