"""Applications and bots for tests: a developer, an application with its bot and token, a bot
added to a server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import Community, ok
from tests.support import Person


@dataclass
class Bot:
    developer: Person
    app: dict[str, Any]
    user: dict[str, Any]
    token: str

    @property
    def app_id(self) -> str:
        return self.app["id"]

    @property
    def id(self) -> str:
        return self.user["id"]


async def new_app(client: Any, developer: Person | None = None) -> tuple[Person, dict[str, Any]]:
    developer = developer or await member()
    return developer, await ok(client, "POST", "/api/applications", token=developer.token)


async def new_bot(client: Any, developer: Person | None = None) -> Bot:
    developer, app = await new_app(client, developer)
    user = await ok(client, "POST", f"/api/applications/{app['id']}/bot", token=developer.token)
    token = (await ok(client, "GET", f"/api/applications/{app['id']}/token", token=developer.token))["token"]
    return Bot(developer=developer, app=app, user=user, token=token)


async def add_to(client: Any, bot: Bot, place: Community, permissions: int | None = None) -> None:
    query = f"?permissions={permissions}" if permissions is not None else ""
    result = await ok(
        client, "POST", f"/api/servers/{place.id}/invites/applications/{bot.app_id}/bot{query}", token=place.owner.token
    )
    assert result == {"success": True}
