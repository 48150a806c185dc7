"""Verified servers with a clan icon uploaded the way the web client uploads a server picture,
and a member wearing the clan beside one wearing none."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from plugins.servers.models import Server
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.servers.helpers import Community, community, join, ok
from tests.support import Person, upload_file


async def verified(client: Any, name: str = "Hearthside") -> Community:
    place = await community(client, name)
    await Server.filter(id=int(place.id)).update(verified=True)
    return place


async def icon(client: Any, place: Community, token: str | None = None) -> str:
    status, body = await upload_file(client, token or place.owner.token, "avatars", place.id, png_bytes())
    assert status == 200, body
    return body["fileId"]


async def with_clan(client: Any, place: Community, tag: str = "HRTH") -> dict[str, Any]:
    return await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/clans",
        {"tag": tag, "icon": await icon(client, place)},
        place.owner.token,
    )


@dataclass
class Wearing:
    place: Community
    clan: dict[str, Any]
    wearer: Person
    plain: Person

    @property
    def worn(self) -> dict[str, Any]:
        """The wearer's embedded profile."""
        return {"font": None, "clan": self.clan}

    @property
    def bare(self) -> dict[str, Any]:
        """The plain member's embedded profile."""
        return {"font": 3, "clan": None}


async def wearing(client: Any) -> Wearing:
    place = await verified(client)
    wearer, plain = await join(client, place), await join(client, place)
    clan = await with_clan(client, place)
    await ok(client, "POST", "/api/users", {"clanServerId": place.id}, wearer.token)
    await ok(client, "POST", "/api/users", {"font": 3}, plain.token)
    return Wearing(place, clan, wearer, plain)
