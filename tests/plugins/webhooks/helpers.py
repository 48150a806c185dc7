"""Webhooks for tests: create one in a community's channel and read its execute path."""

from __future__ import annotations

from typing import Any

from tests.plugins.servers.helpers import Community, ok
from tests.support import call


def base(place: Community, channel_id: str | None = None) -> str:
    return f"/api/servers/{place.id}/channels/{channel_id or place.general}/webhooks"


async def make_webhook(client: Any, place: Community, channel_id: str | None = None) -> dict[str, Any]:
    return await ok(client, "POST", base(place, channel_id), token=place.owner.token)


async def token_of(client: Any, place: Community, webhook: dict[str, Any]) -> str:
    result = await ok(
        client, "GET", f"{base(place, webhook['channelId'])}/{webhook['id']}/token", token=place.owner.token
    )
    return result["token"]


async def execute_path(client: Any, place: Community, webhook: dict[str, Any]) -> str:
    return f"/api/webhooks/{webhook['id']}/{await token_of(client, place, webhook)}"


async def execute(client: Any, path: str, body: Any = None, **kwargs: Any) -> tuple[int, Any]:
    return await call(client, "POST", path, body, **kwargs)
