"""``core.periodic.every``: work repeated until cancelled, surviving its own failures."""

import asyncio

from core.periodic import every


async def test_repeats_until_cancelled_and_survives_failures():
    rounds = []

    async def work():
        rounds.append(len(rounds))
        if len(rounds) == 2:
            raise RuntimeError("a bad round")

    task = every(0.01, work, "test work")

    async def until():
        while len(rounds) < 4:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(until(), 5)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    count = len(rounds)
    await asyncio.sleep(0.05)
    assert len(rounds) == count and task.cancelled()
