"""Forums for tests: a community with a forum channel, tags and posts, through calls that opt in
(``X-Hearth-Features: threads``) as Hearth's web client does."""

from __future__ import annotations

from typing import Any

from tests.plugins.servers.helpers import Community
from tests.plugins.threads.helpers import tok
from tests.support import Person


async def forum(client: Any, place: Community, name: str = "help") -> str:
    made = await tok(client, "POST", "/api/forums", {"serverId": place.id, "name": name}, place.owner.token)
    return made["channel"]["id"]


async def tag(client: Any, place: Community, forum_id: str, name: str, moderated: bool = False) -> str:
    body = {"name": name, "moderated": moderated}
    return (await tok(client, "POST", f"/api/forums/{forum_id}/tags", body, place.owner.token))["id"]


async def post(
    client: Any, person: Person, forum_id: str, title: str = "Printer on fire", tag_ids: list[str] | None = None
) -> dict[str, Any]:
    body = {"title": title, "content": f"About {title}", "tagIds": tag_ids or []}
    return await tok(client, "POST", f"/api/forums/{forum_id}/posts", body, person.token)
