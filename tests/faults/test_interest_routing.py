"""Interest routing between processes (issue 41 item 2): a process hears only the rooms where it
holds a socket, a socket that has just entered a room hears its very next event, and after a
Redis outage only the sockets in rooms that missed events are asked to reconnect.

(The role grant of tests/faults/test_room_order.py is the same race for a room entered by a
command from another process, and a room left and entered again twelve times.)"""

from __future__ import annotations

import asyncio

from tests.core.metrics.helpers import BEARER, TOKEN, samples
from tests.faults.services import HttpClient, wait_until
from tests.faults.test_redis_outage import _both_listening, acknowledged, ids
from tests.plugins.messages.helpers import member, sent
from tests.plugins.servers.helpers import community, join, ok
from tests.support import connect_socket

METRICS = {"HEARTH_METRICS_ENABLED": "true", "HEARTH_METRICS_TOKEN": TOKEN, "HEARTH_METRICS_SAMPLE_SECONDS": "3600"}


async def emits_heard(api: HttpClient) -> float:
    """How many emits of other processes this worker's listener has handled."""
    response = await api.open("/metrics", headers=BEARER)
    assert response.status_code == 200
    found = samples(await response.get_data(as_text=True))
    return sum(v for (name, _), v in found.items() if name == "hearth_fanout_emits_heard_total")


async def test_a_process_holding_no_socket_of_a_room_hears_none_of_its_events(redis_server, workers):
    (w1, api1), (w2, api2) = await workers(2, redis_server.url, **METRICS)
    place = await community(api1)
    reader = await join(api1, place)
    stranger = await member()  # in no server
    here = await connect_socket(w1.url, reader.token)
    away = await connect_socket(w2.url, stranger.token)
    try:
        heard_by_w1, heard_by_w2 = await emits_heard(api1), await emits_heard(api2)
        acked: list[str] = []
        for n in range(6):
            await acknowledged(api1 if n % 2 == 0 else api2, place.owner, place.general, f"m{n}", acked)
        await wait_until(lambda: ids(here) >= set(acked), what="every message on w1's socket")
        # w1 publishes an event w2 does hear after its messages: once it arrives, they would have too
        await ok(api1, "POST", "/api/users", {"username": "heard", "password": stranger.password}, stranger.token)
        assert (await away.wait_for("user:updatedSelf"))["username"] == "heard"

        assert await emits_heard(api2) - heard_by_w2 == 1  # the rename; none of w1's three messages
        assert await emits_heard(api1) - heard_by_w1 >= 3  # w2's three, for w1's socket in the channel
        assert not away.received("message:created")
    finally:
        await here.close()
        await away.close()


async def test_a_socket_that_has_just_entered_its_rooms_hears_their_very_next_event(redis_server, workers):
    (w1, api1), (w2, api2) = await workers(2, redis_server.url)
    place = await community(api1)
    reader = await join(api1, place)
    for round_ in range(6):
        # w2 holds no other socket in these rooms: each connection subscribes them afresh, each
        # close unsubscribes them, and the next connection follows at once
        probe = await connect_socket(w2.url, reader.token)
        try:
            message = await sent(api1, place.owner, place.general, f"right after {round_}")
            await wait_until(lambda p=probe, m=message: m["id"] in ids(p), what=f"message {round_} on w2")
        finally:
            await probe.close()


async def test_after_an_outage_only_the_sockets_in_rooms_that_missed_events_are_asked_to_reconnect(
    redis_server, workers
):
    (w1, api1), (w2, api2) = await workers(2, redis_server.url)
    busy, calm, quiet = await community(api1, "Busy"), await community(api1, "Calm"), await community(api1, "Quiet")
    in_busy, in_calm, in_quiet = await join(api1, busy), await join(api1, calm), await join(api1, quiet)
    busy_there = await connect_socket(w2.url, in_busy.token)
    calm_there = await connect_socket(w2.url, in_calm.token)
    quiet_here = await connect_socket(w1.url, in_quiet.token)  # shares no room with w2's sockets
    opened = [busy_there, calm_there, quiet_here]
    acked: list[str] = []
    try:
        await _outage_and_after(redis_server, api1, api2, busy, calm, quiet, busy_there, calm_there, quiet_here, acked)
    except AssertionError as failure:  # what each worker saw, to tell a wrong resync from a slow one
        raise AssertionError(f"{failure}\n--- w1:\n{w1.output()}\n--- w2:\n{w2.output()}") from None
    finally:
        for probe in opened:
            await probe.close()


async def _outage_and_after(redis_server, api1, api2, busy, calm, quiet, busy_there, calm_there, quiet_here, acked):
    # A rewind asks for what a process published since the last heartbeat heard from it: events
    # of a room published within a beat before this process began to hear it count as missed
    # too (docs/faults.md). Two heartbeats with nothing between them put the joins and their
    # events behind a heartbeat (two seconds' sleep did, on a machine that kept up).
    await redis_server.settled(2)
    redis_server.kill()
    for n in range(4):  # through w1 alone, into the busy server only
        await acknowledged(api1, busy.owner, busy.general, f"during {n}", acked)
        await asyncio.sleep(0.3)
    await redis_server.start()
    await wait_until(
        lambda: not busy_there.client.connected,
        timeout=15,
        what="w2's socket in the busy server, which missed w1's messages, to be asked to reconnect",
    )
    await wait_until(lambda: _both_listening(redis_server), what="both workers to listen again")
    after = [
        await sent(api1, calm.owner, calm.general, "after"),
        await sent(api2, quiet.owner, quiet.general, "across"),
    ]
    await wait_until(lambda: after[0]["id"] in ids(calm_there), what="the calm server's message on w2")
    await wait_until(lambda: after[1]["id"] in ids(quiet_here), what="the quiet server's message on w1")
    # their rooms missed nothing: left alone (one channel for everything resynced every socket of w2)
    assert calm_there.client.connected and quiet_here.client.connected
