"""Room changes travel in the same ordered stream as the events after them (issue 9 item 6): a
role that opens a private channel, granted through one process, reaches the member's socket on
the other process before the message sent in that channel right after — every time, whichever
process the message goes through.

On PostgreSQL the member's process reaches the database through a proxy adding latency, so its
room recomputation (a few queries) takes longer than the next request: the race that CI met on
a busy machine, made certain."""

from __future__ import annotations

from tests.faults.services import TcpProxy, postgres_port, through, wait_until
from tests.plugins.messages.helpers import sent
from tests.plugins.servers.helpers import community, join, ok, private_channel, role_with
from tests.support import connect_socket

ROUNDS = 12


async def test_a_granted_channel_delivers_the_very_next_message_on_every_process(redis_server, workers, database_url):
    port = postgres_port(database_url)
    proxy = TcpProxy(port, delay=0.015) if port else None
    if proxy:
        await proxy.start()
    ((w1, api1),) = await workers(1, redis_server.url)
    ((w2, api2),) = await workers(1, redis_server.url, database=through(database_url, proxy) if proxy else None)
    place = await community(api1)
    staff = await private_channel(api1, place)
    role = await role_with(api1, place, 0)
    await ok(
        api1,
        "POST",
        f"/api/servers/{place.id}/channels/{staff}/permissions/{role}",
        {"permissions": 3},
        place.owner.token,
    )
    person = await join(api1, place)
    far, near = await connect_socket(w2.url, person.token), await connect_socket(w1.url, person.token)
    member_path = f"/api/servers/{place.id}/members/{person.id}"
    expected: list[str] = []
    try:
        for round_ in range(ROUNDS):
            via = api1 if round_ % 2 == 0 else api2  # the grant always goes through w1
            await ok(api1, "POST", member_path, {"roleIds": [role]}, place.owner.token)
            inside = await sent(via, place.owner, staff, f"inside {round_}")
            await ok(api1, "POST", member_path, {"roleIds": []}, place.owner.token)
            await sent(via, place.owner, staff, f"hidden {round_}")
            barrier = await sent(via, place.owner, place.general, f"barrier {round_}")
            expected += [inside["content"], barrier["content"]]
            for probe in (far, near):
                await wait_until(
                    lambda p=probe, b=barrier: any(
                        d["message"]["id"] == b["id"] for d in p.received("message:created")
                    ),
                    what=f"barrier {round_}",
                )
        for probe in (far, near):
            assert [d["message"]["content"] for d in probe.received("message:created")] == expected
    finally:
        await far.close()
        await near.close()
        if proxy:
            await proxy.close()
