"""How a process decides, from the numbers on other processes' messages and heartbeats, that it
missed events (core/fanout_redis.py ``Streams``); the outage bookkeeping of core/redisconn.py."""

from __future__ import annotations

import asyncio
import logging
import time
from urllib.parse import urlsplit

from core import fastjson
from core.fanout_redis import BEAT, LOST, ROOMS, FastEmitRedisManager, Streams
from core.redisconn import Outage
from tests.conftest import REDIS_URL, needs_redis
from tests.faults.services import TcpProxy, wait_until

WINDOW = 5.0


def fresh(now: float = 100.0) -> Streams:
    streams = Streams(window=WINDOW, forget_after=60.0)
    streams.subscribed(now, sockets_connected=False)
    return streams


def test_a_fresh_listener_takes_each_process_where_it_stands_then_wants_every_number():
    streams = fresh()
    assert streams.numbered("a", 41, 101.0) == "new"  # nothing connected here before: nothing missed
    assert streams.numbered("a", 42, 101.1) == "new"
    assert streams.numbered("a", 42, 101.2) == "duplicate"  # a publish retried after a time-out
    assert streams.numbered("a", 44, 101.3) == "gap"
    assert streams.numbered("a", 45, 101.4) == "new"
    assert streams.beat("a", 45, 101.5) is False
    assert streams.beat("a", 47, 101.6) is True  # 46 and 47 were published (or dropped), never received


def test_a_process_first_heard_after_the_start_must_begin_at_the_beginning():
    streams = fresh()
    later = 100.0 + WINDOW + 1
    assert streams.beat("new", 0, later) is False
    assert streams.numbered("new", 1, later) == "new"
    assert streams.numbered("other", 3, later) == "gap"  # 1 and 2 went somewhere this process was not
    assert streams.beat("quiet", 2, later) is True


def test_after_resubscribing_with_sockets_every_known_process_must_continue_and_be_heard():
    streams = fresh()
    streams.numbered("a", 10, 101.0)
    streams.numbered("b", 20, 101.0)
    streams.numbered("c", 30, 101.0)
    streams.subscribed(200.0, sockets_connected=True)  # Redis came back; sockets stayed connected
    assert streams.beat("a", 10, 200.5) is False  # published nothing meanwhile
    assert streams.beat("b", 22, 200.6) is True  # its 21 and 22 were lost
    assert streams.numbered("d", 7, 200.7) == "gap"  # a process unknown before, already at 7
    assert streams.overdue(200.0 + WINDOW - 0.1) == []
    assert streams.overdue(200.0 + WINDOW + 0.1) == ["c"]  # silent since: it may have published and died
    assert "c" not in streams.last


def test_a_stall_of_this_process_moves_the_deadlines_it_was_waiting_on():
    streams = fresh()
    streams.numbered("a", 10, 101.0)
    streams.subscribed(200.0, sockets_connected=True)
    streams.postpone(30.0)  # the loop stood still: "a"'s beats may be waiting unread on the socket
    assert streams.overdue(200.0 + WINDOW + 1) == []
    assert streams.beat("a", 10, 231.0) is False
    assert streams.overdue(300.0) == []  # heard: no longer awaited


def test_resubscribing_with_no_socket_connected_starts_afresh():
    streams = fresh()
    streams.numbered("a", 10, 101.0)
    streams.subscribed(200.0, sockets_connected=False)
    assert streams.numbered("a", 50, 200.5) == "new"
    assert streams.overdue(300.0) == []


def test_long_silent_processes_are_forgotten_and_alive_ones_listed():
    streams = fresh()
    streams.beat("gone", 0, 101.0)
    streams.beat("here", 0, 150.0)
    assert streams.alive(152.0, within=5.0) == {"here"}
    assert streams.overdue(170.0) == []  # forgotten, not a gap
    assert set(streams.last) == {"here"}


class Listener:
    """A manager that is not started, fed messages of process "a" by hand; what it would resync."""

    def __init__(self) -> None:
        self.fanout = FastEmitRedisManager("redis://127.0.0.1:9/0", channel="hearth-test-notices")
        self.gaps: list[str] = []
        self.rooms_gaps: list[list[str]] = []

        async def on_gap(why: str) -> None:
            self.gaps.append(why)

        async def on_room_gap(rooms: list[str], why: str, before: float | None) -> None:
            self.rooms_gaps.append(rooms)

        self.fanout.on_gap, self.fanout.on_room_gap = on_gap, on_room_gap
        self.fanout.streams.subscribed(100.0, sockets_connected=False)

    async def hear(self, now: float, **message: object) -> None:
        await self.fanout._receive(fastjson.dumps({"origin": "a", **message}), now)


async def test_a_loss_notice_or_a_rewind_answer_reveals_lost_stream_messages_as_it_arrives():
    # Both carry the sender's last number, as a heartbeat does: what was lost with the rooms' events
    # is found then, in one resync, not a beat later (which would ask sockets that connected
    # meanwhile, whose state already holds it, to reconnect for nothing).
    listener = Listener()
    await listener.hear(100.5, method=BEAT, seq=4, rseq=0, routes=True)
    await listener.hear(101.0, method=LOST, rooms=["r"], last=6)
    assert listener.gaps == ["events 5..6 of process a never arrived"]
    await listener.hear(102.0, method=BEAT, seq=6, rseq=0, routes=True)
    await listener.hear(103.0, method=ROOMS, host_id="b", rooms={}, last=6)
    assert len(listener.gaps) == 1  # nothing more was missed
    await listener.hear(104.0, method=ROOMS, host_id="b", rooms={}, last=8)
    assert listener.gaps[1:] == ["events 7..8 of process a never arrived"]
    assert listener.rooms_gaps == []  # this process holds no socket in r


async def test_a_loss_notice_of_a_process_of_an_older_version_still_names_its_rooms():
    # (it carries no number: met during a rolling upgrade, its rooms are resynced as before)
    listener = Listener()
    listener.fanout.rooms["/"] = {"r": {}}  # a socket of this process is in r
    await listener.hear(100.5, method=BEAT, seq=4, rseq=0)
    await listener.hear(101.0, method=LOST, rooms=["r", "elsewhere"])
    assert listener.rooms_gaps == [["r"]] and listener.gaps == []


def test_an_outage_is_logged_once_and_redis_is_tried_again_after_a_pause(caplog):
    outage = Outage(logging.getLogger("hearth.test"), "rate limits", "are counted per process", retry_seconds=60)
    assert outage.may_try()
    with caplog.at_level(logging.WARNING, logger="hearth.test"):
        for _ in range(3):
            outage.failed(ConnectionError("refused"))
        assert not outage.may_try()  # the next try waits for retry_seconds; callers go on without Redis
        assert outage.recovered() is True
        assert outage.recovered() is False
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 2
    assert messages[0].startswith("Redis unreachable (ConnectionError: refused): rate limits are counted per process")
    assert messages[1].startswith("Redis is back after")


@needs_redis
async def test_a_stalled_event_loop_is_not_taken_for_a_dead_redis_link(caplog):
    # A worker whose loop did not run for longer than the silence window (a long collection, a
    # starved machine) finds its heartbeats waiting on the socket when it runs again: that is not a
    # dead link, and resubscribing would ask every socket of the worker to reconnect.
    fanout = FastEmitRedisManager(
        REDIS_URL, channel=f"hearth-test-stall-{time.monotonic_ns()}", timeout=0.5, beat_seconds=0.2
    )
    gaps: list[str] = []

    async def on_gap(why: str) -> None:
        gaps.append(why)

    fanout.on_gap = on_gap
    await fanout.start()
    try:
        await asyncio.sleep(0.5)
        with caplog.at_level(logging.WARNING, logger="hearth.gateway"):
            time.sleep(3 * 0.2 + 0.5 + 1.0)  # the whole loop stalls past the silence window (1.1 s)
            await asyncio.sleep(2.0)
        assert [r.getMessage() for r in caplog.records if "unreachable" in r.getMessage()] == []
        assert fanout.listening and gaps == []
    finally:
        await fanout.stop()


@needs_redis
async def test_a_link_that_goes_silent_is_given_up_and_listened_to_again_when_it_answers():
    target = urlsplit(REDIS_URL)
    proxy = TcpProxy(target.port or 6379)
    await proxy.start()
    fanout = FastEmitRedisManager(
        f"redis://127.0.0.1:{proxy.port}{target.path}",
        channel=f"hearth-test-silent-{time.monotonic_ns()}",
        timeout=0.5,
        beat_seconds=0.2,
    )
    await fanout.start()
    try:
        assert fanout.listening
        proxy.delay = 3600.0  # the connection stays open and nothing comes through: no reset to notice
        await wait_until(lambda: fanout.listen_outage.down, timeout=30, what="the silent link given up")
        proxy.delay = 0.0
        await wait_until(lambda: fanout.listening and not fanout.listen_outage.down, timeout=30, what="listening again")
    finally:
        await fanout.stop()
        await proxy.close()
