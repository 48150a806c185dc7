"""``core.periodic.every``: work repeated until cancelled, surviving its own failures."""

import asyncio

import pytest

from core.periodic import every, stop


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


async def _started(rounds: list, count: int = 1) -> None:
    async def until():
        while len(rounds) < count:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(until(), 20)


async def _come_back_as_another_error():
    # redis-py turns a cancel that lands mid-command into a connection error.
    raise ConnectionError("Connection closed by server.") from None


async def _swallow():
    return


@pytest.mark.parametrize("on_cancel", [_come_back_as_another_error, _swallow])
async def test_a_cancel_the_work_did_not_pass_on_still_ends_the_loop(on_cancel):
    rounds = []

    async def work():
        rounds.append(1)
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            await on_cancel()

    task = every(0.01, work, "test work")
    await _started(rounds)
    task.cancel()
    await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), 20)
    assert task.cancelled() and len(rounds) == 1


async def test_stop_returns_once_the_round_in_progress_has_ended():
    rounds, finished = [], []

    async def work():
        rounds.append(1)
        try:
            await asyncio.sleep(30)
        finally:
            await asyncio.sleep(0.05)  # tidying up, still using what the owner wants to close
            finished.append(1)

    task = every(0.01, work, "test work")
    await _started(rounds)
    await asyncio.wait_for(stop(task), 20)
    assert finished == [1] and task.done()


async def test_wait_first_waits_one_interval_before_the_first_round():
    rounds = []

    async def work():
        rounds.append(1)

    task = every(0.3, work, "test work", wait_first=True)
    await asyncio.sleep(0)
    assert rounds == []
    await _started(rounds)
    await stop(task)
    assert task.cancelled()
