"""Helpers shared by the test layers: API calls, registered users, live socket clients, mail."""

from __future__ import annotations

import asyncio
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

# The helpers plugin authors' tests use too live in core.testing (the exported pytest plugin).
from core.testing import (  # noqa: F401 - re-exported for Hearth's tests
    PASSWORD,
    Person,
    SocketProbe,
    _counter,
    call,
    connect_socket,
    free_port,
    register,
)


async def new_person(
    username: str | None = None,
    email: str | None = None,
    password: str = PASSWORD,
    confirmed: bool = False,
    ip: str | None = None,
) -> Person:
    """A new account, made by the accounts service as ``POST /api/users/register`` makes it once the
    request passed its checks (rate limits, captcha, bans), with a session; its e-mail confirmed when
    ``confirmed``; its session from ``ip`` (the test client's is ``TEST_CLIENT_ADDRESS``). For tests
    that are not about registering: no HTTP round trips. Tests of the register route use :func:`register`."""
    from core.identity.models import Account
    from plugins.accounts import service

    n = next(_counter)
    username = username or f"user{n}"
    email = email or f"{username}.{n}@example.com"
    token = await service.register(email, username, password, ip=ip, agent=None)
    account = await Account.get(email=email).select_related("user")
    if confirmed:
        await Account.filter(id=account.id).update(email_confirmed=True)
    user = account.user
    return Person(token=token, id=str(user.id), username=username, tag=user.tag, email=email, password=password)


async def at_once(*requests: Any) -> list[tuple[int, Any]]:
    """Requests sent together, their answers ordered by status: writes racing for the last places
    under a limit (on PostgreSQL they really overlap)."""
    return sorted(await asyncio.gather(*requests), key=lambda answer: answer[0])


# The address Quart's test client requests come from (its ASGI scope names no client).
TEST_CLIENT_ADDRESS = "<local>"


async def use_up(app: Any, name: str, subject: str, calls: int) -> None:
    """Counts ``calls`` more against the open window of route limit ``name`` for ``subject`` (a
    user id or an address), as that many requests would. A test that proves a limit of 100 then
    makes only the first call and the last two: a hundred real requests on a busy machine can
    outlast the window itself, and the count starts again."""
    from core.ratelimit import bucket_key

    limiter = app.extensions["hearth"].limiter
    for _ in range(calls):
        assert await limiter.hit(bucket_key(name, subject), calls + 2, 60_000, 60_000) is None


# how long a `hearth serve` may take to accept connections: seconds when quiet, far more when both
# cores are busy with other tests' processes
STARTUP_PATIENCE_SECONDS = 60


async def start_process(database_url: str, redis_url: str, **env: str) -> tuple[subprocess.Popen, str]:
    """``hearth serve`` in a process of its own on a free port (``env``: more HEARTH_* settings);
    returns it and its URL once it accepts connections. The caller terminates it."""
    from core.settings import ROOT

    port = free_port()
    env = {
        **os.environ,
        "HEARTH_DATABASE_URL": database_url,
        "HEARTH_REDIS_URL": redis_url,
        "HEARTH_RATE_LIMITS_ENABLED": "false",
        "HEARTH_SERVER_WEBUI_DIST": "/nonexistent",
        **env,
    }
    # The log goes to a file, not a pipe: nobody reads a pipe while the process runs, and one that
    # fills up (64 KB of warnings on a busy machine) would stop the server mid-test.
    log = tempfile.TemporaryFile()
    process = subprocess.Popen(
        [sys.executable, "-m", "core", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    deadline = time.monotonic() + STARTUP_PATIENCE_SECONDS
    while time.monotonic() < deadline:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return process, f"http://127.0.0.1:{port}"
        except OSError:
            if process.poll() is not None:
                log.seek(0)
                raise AssertionError(log.read().decode()) from None
            await asyncio.sleep(0.05)
    process.kill()
    log.seek(0)
    raise AssertionError(f"server did not start in {STARTUP_PATIENCE_SECONDS} s:\n{log.read().decode()[-4000:]}")


async def upload_file(
    client: Any,
    token: str,
    kind: str,
    group_id: str | None,
    data: bytes,
    filename: str = "file.png",
    channel_id: str | None = None,
    points: list[float] | None = None,
) -> tuple[int, Any]:
    """An upload as the reference web client makes it (rest.md §13): an upload token
    (``POST /api/channels/:channelId/cdn/token`` for a channel's attachments, else
    ``POST /api/cdn/token``), then the file in multipart field ``f`` to
    ``/cdn/<kind>/<groupId or empty>`` with the upload token as ``Authorization``.
    Returns ``(status, body)`` of the upload, or of the token call when that failed."""
    from quart.datastructures import FileStorage

    token_path = f"/api/channels/{channel_id}/cdn/token" if channel_id else "/api/cdn/token"
    status, body = await call(client, "POST", token_path, token=token)
    if status != 200:
        return status, body
    response = await client.post(
        f"/cdn/{kind}/{group_id or ''}",
        headers={"Authorization": body["token"]},
        files={"f": FileStorage(io.BytesIO(data), filename=filename)},
        query_string={"points": json.dumps(points)} if points is not None else None,
    )
    return response.status_code, await response.get_json()


class Inbox:
    """Messages received by the test SMTP server (aiosmtpd)."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        from email import message_from_bytes, policy

        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    async def wait_for(self, to: str, timeout: float = 5.0) -> Any:
        async def until() -> Any:
            while True:
                for message in reversed(self.messages):
                    if to.lower() in str(message["To"]).lower():
                        return message
                await asyncio.sleep(0.02)

        return await asyncio.wait_for(until(), timeout)

    @staticmethod
    def text(message: Any) -> str:
        return message.get_body(preferencelist=("plain",)).get_content()
