"""A flood of ``user:update_activity`` (18,000 in 10 s once fanned out 1,100 presence updates and
slowed every request): the kernel's per-socket limit (core/socket_limits.py) lets a bounded number
through, then disconnects the flooding socket; everybody else carries on."""

from __future__ import annotations

import asyncio

from core.testing import PATIENCE
from plugins.presence.plugin import ACTIVITY_LIMIT
from tests.plugins.accounts.helpers import ping
from tests.plugins.friends.helpers import make_friends
from tests.plugins.presence.helpers import EVENT
from tests.support import new_person


async def test_an_activity_flood_is_cut_short_and_the_flooder_dropped(live_client, sockets):
    flooder, watcher, bystander = [await new_person() for _ in range(3)]
    await make_friends(live_client, flooder, watcher)
    await make_friends(live_client, bystander, watcher)
    flooding, calm = await sockets(flooder.token), await sockets(bystander.token)
    watching = await sockets(watcher.token)

    for n in range(3000):
        if not flooding.client.connected:
            break  # dropped already
        await flooding.client.emit("user:update_activity", [{"name": f"Game {n}", "action": "Playing"}])
    await flooding.wait_disconnected()

    # everybody else is fine: the bystander's activity still reaches the watcher
    await calm.client.emit("user:update_activity", [{"name": "Chess", "action": "Playing"}])

    async def bystander_seen() -> None:
        while not any(p.get("userId") == bystander.id and p.get("activities") for p in watching.received(EVENT)):
            watching._arrived.clear()
            await watching._arrived.wait()

    await asyncio.wait_for(bystander_seen(), PATIENCE)
    await ping(live_client, watcher, watching)
    about_flooder = [p for p in watching.received(EVENT) if p.get("userId") == flooder.id and "activities" in p]
    assert 1 <= len(about_flooder) <= ACTIVITY_LIMIT[0], len(about_flooder)
    assert calm.client.connected and watching.client.connected
