"""A Redis that answers slowly (issue 16 item 4), behind a proxy adding latency: requests and
deliveries across workers get slower, not failing; a Redis slower than ``[redis] timeout_seconds``
is treated as down — requests still answer (rate limits counted per process) and no socket is
left silently behind."""

from __future__ import annotations

from tests.faults.services import TcpProxy, assert_no_server_errors, wait_until
from tests.plugins.messages.helpers import send
from tests.plugins.servers.helpers import community, join
from tests.support import call, connect_socket


def ids(probe) -> set[str]:
    return {d["message"]["id"] for d in probe.received("message:created")}


async def test_a_slow_redis_slows_delivery_and_a_stuck_one_fails_nothing(redis_server, workers):
    proxy = TcpProxy(redis_server.port, delay=0.03)
    await proxy.start()
    (w1, api1), (w2, api2) = await workers(
        2,
        f"redis://127.0.0.1:{proxy.port}/0",
        HEARTH_RATE_LIMITS_ENABLED="true",
        HEARTH_REDIS_TIMEOUT_SECONDS="0.5",
        HEARTH_REDIS_RETRY_SECONDS="0.5",
    )
    place = await community(api1)
    reader = await join(api1, place)
    probes = [await connect_socket(w.url, reader.token) for w in (w1, w2)]
    acked: list[str] = []

    async def message(api, text: str) -> None:
        status, body = await send(api, place.owner, place.general, text)
        assert status == 200, body
        acked.append(body["id"])

    try:
        for n in range(4):  # slower than usual, within the time-out
            await message(api1 if n % 2 else api2, f"slow {n}")
        await wait_until(lambda: all(ids(p) >= set(acked) for p in probes), what="every copy, late")
        assert all(p.client.connected for p in probes)

        proxy.delay = 1.0  # now every Redis call outlasts the half-second time-out
        for n in range(4):
            await message(api1 if n % 2 else api2, f"stuck {n}")
        status, _ = await call(api2, "GET", "/api/users", token=reader.token)
        assert status == 200

        proxy.delay = 0.0
        for n in range(2):
            await message(api1 if n % 2 else api2, f"back {n}")
        # each socket has every message, or was asked to reconnect: none silently behind
        await wait_until(
            lambda: all(not p.client.connected or ids(p) >= set(acked) for p in probes),
            timeout=20,
            what="every socket to be complete or asked to reconnect",
        )
        assert_no_server_errors(w1, w2)
    finally:
        for probe in probes:
            await probe.close()
        await proxy.close()
