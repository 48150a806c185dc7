"""Small helpers shared by the accounts tests."""

from __future__ import annotations

import asyncio
import base64
import io
import re
from collections.abc import Awaitable, Callable
from typing import Any

from PIL import Image

from tests.support import Person, SocketProbe, at_once, call, upload_file

DEV_CODE = re.compile(r"^DEV MODE: Email verify code: (\d{5})$")


def error(message: str, path: str | None = None) -> dict[str, Any]:
    """The standard error body ``{message, path}`` (rest.md §0.4)."""
    return {"message": message, "path": path}


def session_id_of(token: str) -> str:
    """The session id a token carries in its first segment (``base64url("<id>-1")``)."""
    head = token.split(".")[0]
    decoded = base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)).decode()
    session_id, version = decoded.rsplit("-", 1)
    assert version == "1"
    return session_id


async def request_dev_code(client: Any, person: Person) -> str:
    status, body = await call(client, "POST", "/api/users/emails/verify/send-code", token=person.token)
    assert status == 200, body
    match = DEV_CODE.match(body["message"])
    assert match, body
    assert body["message"].split(": ")[2] == match.group(1)  # how upstream's own tests read it
    return match.group(1)


async def confirm_email(client: Any, person: Person) -> None:
    code = await request_dev_code(client, person)
    status, body = await call(client, "POST", f"/api/users/emails/verify?code={code}", token=person.token)
    assert (status, body) == (200, {"status": True})


def png_bytes(size: tuple[int, int] = (16, 12), color: tuple[int, int, int] = (200, 40, 40)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, format="PNG")
    return buffer.getvalue()


async def upload_image(
    client: Any, person: Person, kind: str = "avatars", group_id: str | None = None, data: bytes | None = None
) -> dict[str, Any]:
    """A real PNG uploaded the reference way (``upload_file``) to ``<kind>/<group or own id>``:
    ``{fileId, path}`` (the path read from the CDN's record, for tests that compare it)."""
    from core.cdn.models import CdnFile

    status, body = await upload_file(
        client,
        person.token,
        kind,
        person.id if group_id is None else group_id,
        data or png_bytes(),
        filename="picture.png",
    )
    assert status == 200, body
    return {**body, "path": (await CdnFile.get(id=int(body["fileId"]))).path}


async def ping(client: Any, person: Person, *probes: SocketProbe) -> None:
    """A barrier: an empty ``POST /api/users`` sends ``user:updatedSelf`` to ``person``'s sockets.

    Events on one socket arrive in order, so once the ping is in, anything sent to these
    sockets before it has arrived too — that is how tests show an event was *not* sent.
    """
    counts = [len(probe.received("user:updatedSelf")) + 1 for probe in probes]
    status, body = await call(client, "POST", "/api/users", {}, token=person.token)
    assert status == 200, body
    for probe, count in zip(probes, counts):
        await probe.wait_for("user:updatedSelf", count=count)


async def assert_kicked(probe: SocketProbe, message: str) -> None:
    """``user:authenticate_error {message}`` then a server-side disconnect (realtime.md §3.6)."""
    assert await probe.wait_for("user:authenticate_error") == {"message": message}
    await probe.wait_disconnected()


def assert_not_kicked(probe: SocketProbe) -> None:
    assert probe.client.connected
    assert probe.received("user:authenticate_error") == []


async def together(count: int, request: Callable[[], Awaitable[tuple[int, Any]]]) -> list[tuple[int, Any]]:
    """``count`` copies of ``request`` released at once by a barrier (none starts before all
    are waiting), answers ordered by status: the redemptions of one secret racing each other."""
    barrier = asyncio.Barrier(count)

    async def one() -> tuple[int, Any]:
        await barrier.wait()
        return await request()

    return await at_once(*(one() for _ in range(count)))
