"""Servers for tests: an owner, members joined by invite, roles and channels."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.plugins.messages.helpers import member
from tests.support import Person, call


@dataclass
class Community:
    owner: Person
    server: dict[str, Any]

    @property
    def id(self) -> str:
        return self.server["id"]

    @property
    def general(self) -> str:
        return self.server["defaultChannelId"]

    @property
    def default_role(self) -> str:
        return self.server["defaultRoleId"]


async def ok(client: Any, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    status, result = await call(client, method, path, body, token=token)
    assert status == 200, (path, status, result)
    return result


async def community(client: Any, name: str = "Hearthside") -> Community:
    owner = await member()
    server = await ok(client, "POST", "/api/servers", {"name": name}, owner.token)
    return Community(owner=owner, server=server)


async def join(client: Any, place: Community, person: Person | None = None) -> Person:
    person = person or await member()
    invite = await ok(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token)
    await ok(client, "POST", f"/api/servers/invites/{invite['code']}", token=person.token)
    return person


async def role_with(client: Any, place: Community, permissions: int, holder: Person | None = None) -> str:
    role = await ok(client, "POST", f"/api/servers/{place.id}/roles", token=place.owner.token)
    await ok(
        client, "POST", f"/api/servers/{place.id}/roles/{role['id']}", {"permissions": permissions}, place.owner.token
    )
    if holder is not None:
        await ok(
            client, "POST", f"/api/servers/{place.id}/members/{holder.id}", {"roleIds": [role["id"]]}, place.owner.token
        )
    return role["id"]


async def private_channel(client: Any, place: Community, name: str = "staff") -> str:
    channel = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": name}, place.owner.token)
    await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/channels/{channel['id']}/permissions/{place.default_role}",
        {"permissions": 0},
        place.owner.token,
    )
    return channel["id"]
