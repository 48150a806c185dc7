"""Groups for tests: friends, requests that name the ``group_dms`` feature, opted-in sockets."""

from __future__ import annotations

from typing import Any

from tests.plugins.accounts.helpers import ping
from tests.plugins.friends.helpers import make_friends
from tests.plugins.messages.helpers import member
from tests.support import Person, SocketProbe

FEATURE = {"X-Hearth-Features": "group_dms"}


async def gcall(
    client: Any, method: str, path: str, json: Any = None, person: Person | None = None, opted: bool = True
) -> tuple[int, Any]:
    """A request as Hearth's web client makes it (naming the feature), or, ``opted=False``, as a
    protocol client does."""
    headers = {**(FEATURE if opted else {}), **({"Authorization": person.token} if person else {})}
    response = await client.open(path, method=method, json=json, headers=headers)
    return response.status_code, await response.get_json(silent=True)


async def ok(client: Any, method: str, path: str, json: Any = None, person: Person | None = None) -> Any:
    status, body = await gcall(client, method, path, json, person)
    assert status == 200, body
    return body


async def friends_of(client: Any, person: Person, count: int) -> list[Person]:
    others = [await member() for _ in range(count)]
    for other in others:
        await make_friends(client, person, other)
    return others


async def group_of(client: Any, owner: Person, others: list[Person], name: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"userIds": [o.id for o in others], **({"name": name} if name else {})}
    return await ok(client, "POST", "/api/group-dms", body, owner)


async def live_socket(sockets: Any, person: Person, features: Any = ("group_dms",)) -> SocketProbe:
    """A socket authenticated as Hearth's web client does; ``features=None``: a protocol client."""
    probe = await sockets(person.token, authenticate=False)
    options = {} if features is None else {"features": list(features)}
    await probe.client.emit("user:authenticate", {"token": person.token, **options})
    await probe.wait_for("user:authenticated")
    return probe


async def quiet(client: Any, *pairs: tuple[Person, SocketProbe]) -> None:
    """A barrier per (person, socket): anything sent to them before it has arrived."""
    for person, probe in pairs:
        await ping(client, person, probe)
