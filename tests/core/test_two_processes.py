"""Two server processes sharing PostgreSQL/SQLite and Redis: an event emitted by one reaches a
client connected to the other, and so does a forced disconnect."""

import asyncio
import os
import subprocess
import sys

import pytest

from core.settings import ROOT
from tests.conftest import REDIS_URL, needs_redis
from tests.support import connect_socket, free_port, register


async def _start(database_url: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "HEARTH_DATABASE_URL": database_url, "HEARTH_REDIS_URL": REDIS_URL,
           "HEARTH_RATE_LIMITS_ENABLED": "false", "HEARTH_SERVER_WEBUI_DIST": "/nonexistent"}
    process = subprocess.Popen([sys.executable, "-m", "core", "serve", "--port", str(port)], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(300):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return process, f"http://127.0.0.1:{port}"
        except OSError:
            if process.poll() is not None:
                raise AssertionError(process.stderr.read().decode())
            await asyncio.sleep(0.05)
    process.kill()
    raise AssertionError("server did not start")


@pytest.fixture
async def two_servers(database_url):
    started = [await _start(database_url), await _start(database_url)]
    yield [url for _, url in started]
    for process, _ in started:
        process.terminate()
        process.wait(10)


@needs_redis
async def test_an_event_from_one_process_reaches_a_client_of_the_other(client, two_servers):
    import aiohttp

    first, second = two_servers
    person = await register(client)
    probe = await connect_socket(first, person.token)
    assert probe.received("user:authenticated")
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{second}/api/users", json={"username": "renamed", "password": person.password},
                             headers={"Authorization": person.token}) as response:
            assert response.status == 200, await response.text()
        update = await probe.wait_for("user:updatedSelf")
        assert update["username"] == "renamed"

        async with http.delete(f"{second}/api/users/logout", headers={"Authorization": person.token}) as response:
            assert response.status == 200
    assert await probe.wait_for("user:authenticate_error") == {"message": "Invalid Token"}
    await probe.wait_disconnected()
