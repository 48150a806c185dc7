"""Server exports and imports as Hearth's web client asks for them, and a server with a bit of
everything to export."""

from __future__ import annotations

import asyncio
import io
import zipfile
from dataclasses import dataclass
from typing import Any

from plugins.messages.models import Channel
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.messages.helpers import member, sent
from tests.plugins.servers.helpers import Community, community, join, ok, private_channel, role_with
from tests.plugins.welcome.helpers import make_question
from tests.support import Person, call, upload_file

FEATURE = {"X-Hearth-Features": "server_transfer"}


async def tcall(
    client: Any, method: str, path: str, person: Person | None = None, body: Any = None, opted: bool = True
) -> tuple[int, Any]:
    headers = {**(FEATURE if opted else {}), **({"Authorization": person.token} if person else {})}
    response = await client.open(f"/api/server-transfers{path}", method=method, headers=headers, json=body)
    return response.status_code, await response.get_json(silent=True)


async def until(client: Any, person: Person, job_id: str, *statuses: str) -> dict[str, Any]:
    for _ in range(600):
        status, body = await tcall(client, "GET", f"/{job_id}", person)
        assert status == 200, body
        if body["status"] in statuses or body["status"] == "failed":
            return body
        await asyncio.sleep(0.05)
    raise AssertionError(f"the job did not finish: {body}")


async def exported(client: Any, person: Person, server_id: str, history: bool = True) -> bytes:
    status, job = await tcall(client, "POST", f"/servers/{server_id}/exports", person, {"history": history})
    assert status == 200, job
    job = await until(client, person, job["id"], "ready")
    assert job["status"] == "ready", job
    response = await client.get(
        f"/api/server-transfers/{job['id']}/file", headers={**FEATURE, "Authorization": person.token}
    )
    assert response.status_code == 200
    return await response.get_data()


async def upload(client: Any, person: Person, data: bytes, opted: bool = True) -> tuple[int, Any]:
    headers = {"Authorization": person.token, "File-Name": "server.zip", "Content-Type": "application/zip"}
    response = await client.post(
        "/api/server-transfers/imports", data=data, headers={**headers, **(FEATURE if opted else {})}
    )
    return response.status_code, await response.get_json(silent=True)


def zip_of(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def unzip(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@dataclass
class Busy:
    place: Community
    member: Person
    staff: str  # a channel only a role can read
    category: str
    role: str


async def busy_server(client: Any) -> Busy:
    """A server with a role, a category holding a private channel, a welcome question whose
    answer grants the role, and history: a pinned message, a reply, a mention, a picture and
    reactions."""
    place = await community(client, "Moving Day")
    someone = await join(client, place, await member(username="bruno"))
    role = await role_with(client, place, 1 << 3, someone)
    staff = await private_channel(client, place, "staff")
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/channels/{staff}/permissions/{role}",
        {"permissions": 1},
        place.owner.token,
    )
    category = await ok(
        client, "POST", f"/api/servers/{place.id}/channels", {"name": "Rooms", "type": 2}, place.owner.token
    )
    await Channel.filter(id=int(staff)).update(category_id=int(category["id"]))
    first = await sent(client, place.owner, place.general, "Welcome, ünïcödé 日本語 — [@:1] stays text")
    await ok(client, "POST", f"/api/channels/{place.general}/messages/pins/{first['id']}", token=place.owner.token)
    await sent(client, someone, place.general, "Thanks!", replyToMessageIds=[first["id"]])
    status, picture = await upload_file(
        client, someone.token, "attachments", place.general, png_bytes(), filename="cat.png", channel_id=place.general
    )
    assert status == 200, picture
    await sent(client, someone, place.general, f"a cat for [@:{place.owner.id}]", nerimityCdnFileId=picture["fileId"])
    for person in (place.owner, someone):
        status, _ = await call(
            client,
            "POST",
            f"/api/channels/{place.general}/messages/{first['id']}/reactions",
            {"name": "🔥"},
            token=person.token,
        )
        assert status == 200
    await sent(client, place.owner, staff, "staff only")
    await make_question(client, place, [{"title": "Gardener", "roleIds": [role]}, {"title": "Visitor", "roleIds": []}])
    return Busy(place, someone, staff, category["id"], role)
