"""Background jobs (core/jobs.py): a job held is skipped on every app of the process, once the
round under way has ended, and runs again when the hold ends."""

from __future__ import annotations

import asyncio

from core import jobs


async def test_a_held_job_waits_for_its_round_under_way_then_skips_on_every_app(make_app):
    first, second = make_app(), make_app()
    started: list[str] = []
    release = asyncio.Event()

    def work_of(label: str):
        async def work() -> None:
            started.append(label)
            await release.wait()

        return work

    async with first.test_app(), second.test_app():
        jobs.start_periodic(first, "held-test", 0.01, work_of("first"))
        jobs.start_periodic(second, "held-test", 0.01, work_of("second"))
        try:
            while len(started) < 2:
                await asyncio.sleep(0.01)
            hold = jobs.held("held-test")
            entering = asyncio.create_task(hold.__aenter__())
            await asyncio.sleep(0.05)
            assert not entering.done()  # both rounds are still under way
            release.set()
            await entering
            count = len(started)
            await asyncio.sleep(0.1)
            assert len(started) == count  # ten intervals and no round, on either app
            await hold.__aexit__(None, None, None)
            async with asyncio.timeout(30):  # running again on both
                while not {"first", "second"} <= set(started[count:]):
                    await asyncio.sleep(0.01)
        finally:
            await jobs.stop_periodic(first, "held-test")
            await jobs.stop_periodic(second, "held-test")
