"""Verified servers with a clan icon uploaded the way the web client uploads a server picture."""

from __future__ import annotations

from typing import Any

from plugins.servers.models import Server
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.servers.helpers import Community, community, ok
from tests.support import upload_file


async def verified(client: Any, name: str = "Hearthside") -> Community:
    place = await community(client, name)
    await Server.filter(id=int(place.id)).update(verified=True)
    return place


async def icon(client: Any, place: Community, token: str | None = None) -> str:
    status, body = await upload_file(client, token or place.owner.token, "avatars", place.id, png_bytes())
    assert status == 200, body
    return body["fileId"]


async def with_clan(client: Any, place: Community, tag: str = "HRTH") -> dict[str, Any]:
    return await ok(client, "POST", f"/api/servers/{place.id}/clans", {"tag": tag, "icon": await icon(client, place)},
                    place.owner.token)
