"""A small ASGI app for the supervisor's tests (``core.serve``): its start-up fails while fewer
than ``SERVE_TEST_FAIL_STARTS`` starts are recorded in ``SERVE_TEST_STATE``; ``GET /slow?s=2``
answers after two seconds; every answer names the worker's pid; ``drain()`` and the shutdown
leave a file behind so the tests see they ran."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from urllib.parse import parse_qs

STATE = Path(os.environ.get("SERVE_TEST_STATE", "."))


async def app(scope, receive, send) -> None:  # type: ignore[no-untyped-def]
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
        return
    if scope["path"] == "/slow":
        (STATE / f"slow-{os.getpid()}").touch()
        await asyncio.sleep(float(parse_qs(scope["query_string"].decode()).get("s", ["1"])[0]))
    body = json.dumps({"pid": os.getpid(), "path": scope["path"]}).encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


async def _lifespan(receive, send) -> None:  # type: ignore[no-untyped-def]
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            (STATE / f"start-{os.getpid()}").touch()
            if len(list(STATE.glob("start-*"))) <= int(os.environ.get("SERVE_TEST_FAIL_STARTS", "0")):
                await send({"type": "lifespan.startup.failed", "message": "the database is not ready yet"})
                return
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            (STATE / f"shutdown-{os.getpid()}").touch()
            await send({"type": "lifespan.shutdown.complete"})
            return


async def drain() -> None:
    (STATE / f"drain-{os.getpid()}").touch()
