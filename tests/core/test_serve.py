"""The supervisor (``core.serve``) and its workers (``core.worker``), as real processes: a worker
that dies or fails to start is started again, signals stop the server promptly even with a dead
worker, SIGTERM drains (requests in flight finish), SIGHUP restarts the workers one at a time
without failing a request, and a configuration error stops the server instead of looping.
Most use a small ASGI app (tests/core/serve_app.py) whose failures can be arranged."""

from __future__ import annotations

import asyncio
import os
import signal

import aiohttp
import pytest

from tests.core.serve_support import Supervised, alive

# several `hearth serve` processes at once: the serial pass (tests/parallel.py)
pytestmark = pytest.mark.serial

APP = "tests.core.serve_app:app"


@pytest.fixture
def state(tmp_path):
    return {"SERVE_TEST_STATE": str(tmp_path)}


@pytest.fixture
def servers():
    started: list[Supervised] = []
    yield started
    for server in started:
        server.kill()


async def get(url: str, timeout: float = 10.0) -> dict:
    # a new connection per request: a refused or cut connection is an error, never a retry
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as http:
        async with http.get(url, timeout=aiohttp.ClientTimeout(total=timeout)) as response:
            assert response.status == 200, await response.text()
            return await response.json()


async def test_a_worker_that_fails_to_start_is_started_again_with_backoff(servers, state, tmp_path):
    server = Supervised.app(APP, workers=1, env={**state, "SERVE_TEST_FAIL_STARTS": "2"})
    servers.append(server)
    await server.wait_for_log(r"worker 1 \(pid \d+\) ready")
    failures = server.matches(
        r"worker 1 \(pid \d+\) exited with code 1 before it was ready; "
        r"starting it again in ([\d.]+) s"
    )
    assert [float(m[1]) for m in failures] == [0.5, 1.0]  # backoff doubles
    assert len(list(tmp_path.glob("start-*"))) == 3
    assert (await get(f"{server.url}/"))["pid"] == server.ready_workers()[1]


async def test_a_killed_worker_is_replaced_and_a_signal_still_stops_the_server(servers, state):
    server = Supervised.app(APP, workers=2, env=state)
    servers.append(server)
    await server.wait_for_log(r"ready", count=2)
    first = server.ready_workers()
    os.kill(first[1], signal.SIGKILL)
    await server.wait_for_log(rf"worker 1 \(pid {first[1]}\) was killed by SIGKILL; starting it again")
    await server.wait_for_log(r"worker 1 \(pid \d+\) ready", count=2)
    replacement = server.ready_workers()[1]
    assert replacement != first[1] and alive(replacement)
    assert not alive(first[1])  # reaped, not left a zombie

    # the case: a worker has just died and the server is asked to stop
    os.kill(first[2], signal.SIGKILL)
    await server.wait_for_log(rf"worker 2 \(pid {first[2]}\) was killed by SIGKILL")
    server.signal(signal.SIGINT)
    assert await server.wait_exit(timeout=30) == 0
    assert not any(alive(pid) for pid in (*first.values(), replacement))


async def test_sigterm_lets_requests_in_flight_finish_then_the_workers_shut_down(servers, state, tmp_path):
    server = Supervised.app(APP, workers=2, env=state)
    servers.append(server)
    await server.wait_for_log(r"ready", count=2)
    slow = asyncio.create_task(get(f"{server.url}/slow?s=2"))
    await _until_in_flight(tmp_path)
    server.signal(signal.SIGTERM)
    answer = await slow  # answered although the server was told to stop while serving it
    assert answer["path"] == "/slow"
    assert await server.wait_exit(timeout=30) == 0
    for pid in server.ready_workers().values():
        assert (tmp_path / f"drain-{pid}").exists() and (tmp_path / f"shutdown-{pid}").exists()
    assert "did not stop in time" not in server.log


async def _until_in_flight(state_dir) -> None:
    """Until a worker has begun serving the slow request (the app leaves a file when it does)."""
    for _ in range(200):
        if any(state_dir.glob("slow-*")):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the slow request never reached a worker")


async def test_sighup_restarts_the_workers_one_at_a_time_without_failing_a_request(servers, state, tmp_path):
    server = Supervised.app(APP, workers=2, env=state, grace=5)
    servers.append(server)
    await server.wait_for_log(r"ready", count=2)
    before = server.ready_workers()
    slow = asyncio.create_task(get(f"{server.url}/slow?s=3"))
    await _until_in_flight(tmp_path)
    server.signal(signal.SIGHUP)
    answered: list[int] = []
    while not server.matches("rolling restart done"):
        answered.append((await get(f"{server.url}/"))["pid"])  # every request answered
        assert server.process.poll() is None, server.log
    assert (await slow)["path"] == "/slow"
    after = server.ready_workers()
    assert set(after) == {1, 2} and not set(after.values()) & set(before.values())
    assert not any(alive(pid) for pid in before.values())
    assert answered and set(answered) <= {*before.values(), *after.values()}
    for pid in before.values():
        assert (tmp_path / f"drain-{pid}").exists()
    assert "starting it again" not in server.log  # retired on purpose, not restarted as a failure
    server.signal(signal.SIGTERM)
    assert await server.wait_exit(timeout=30) == 0


async def test_a_supervisor_that_disappears_takes_its_workers_with_it(servers, state):
    server = Supervised.app(APP, workers=2, env=state)
    servers.append(server)
    await server.wait_for_log(r"ready", count=2)
    workers = server.ready_workers().values()
    server.process.kill()
    server.process.wait(10)
    for _ in range(200):
        if not any(alive(pid) for pid in workers):
            break
        await asyncio.sleep(0.05)
    assert not any(alive(pid) for pid in workers)


async def test_hearth_with_a_configuration_error_stops_instead_of_restarting_forever(servers):
    server = Supervised.hearth(workers=2, env={"HEARTH_PLUGINS_ENABLED": '["no_such_plugin"]'})
    servers.append(server)
    assert await server.wait_exit(timeout=60) == 2
    # refused by the supervisor before any worker starts (tests/core/test_cli_plugins.py has the
    # case a worker alone finds: two plugins claiming one route)
    assert "hearth: plugin 'no_such_plugin' is named in the config but not installed" in server.log
    assert "Traceback" not in server.log and "starting it again" not in server.log
