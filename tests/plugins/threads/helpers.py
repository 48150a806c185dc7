"""Threads for tests: calls that opt in (``X-Hearth-Features: threads``) and sockets that ask for
the feature, as Hearth's web client does."""

from __future__ import annotations

from typing import Any

from tests.plugins.servers.helpers import Community
from tests.support import Person

OPT_IN = {"X-Hearth-Features": "threads"}


async def tcall(
    client: Any, method: str, path: str, json: Any = None, token: str | None = None, opt_in: bool = True
) -> tuple[int, Any]:
    headers = {**({"Authorization": token} if token else {}), **(OPT_IN if opt_in else {})}
    response = await client.open(path, method=method, json=json, headers=headers)
    body = (
        await response.get_json(silent=True)
        if response.mimetype == "application/json"
        else await response.get_data(as_text=True)
    )
    return response.status_code, body


async def tok(client: Any, method: str, path: str, json: Any = None, token: str | None = None) -> Any:
    status, body = await tcall(client, method, path, json, token)
    assert status == 200, (path, status, body)
    return body


async def start_thread(
    client: Any, place: Community, person: Person | None = None, name: str = "Plans", message_id: str | None = None
) -> dict[str, Any]:
    """A thread on a fresh message of the community's general channel (started by ``person``,
    the owner by default)."""
    person = person or place.owner
    if message_id is None:
        message = await tok(
            client, "POST", f"/api/channels/{place.general}/messages", {"content": "start"}, person.token
        )
        message_id = message["id"]
    body = {"channelId": place.general, "messageId": message_id, "name": name}
    return await tok(client, "POST", "/api/threads", body, person.token)


async def threads_socket(sockets: Any, person: Person, opt_in: bool = True) -> Any:
    """A socket authenticated as Hearth's web client does (``features: ["threads"]``), or as a
    protocol client (no features)."""
    probe = await sockets(person.token, authenticate=False)
    options = {"features": ["threads"]} if opt_in else {}
    await probe.client.emit("user:authenticate", {"token": person.token, **options})
    await probe.wait_for("user:authenticated")
    return probe
