"""User external embeds (rest.md §1.7–1.10): one per user, no server, no invite."""

from __future__ import annotations

from typing import Any

from tortoise.exceptions import IntegrityError

from core.errors import bad_request
from core.identity.models import User
from core.ids import parse_id
from plugins.external_embed.models import USER, ExternalEmbed
from plugins.external_embed.service import embed_wire

SOMETHING_WRONG = "Something went wrong. Try again later."


async def create(user: User) -> dict[str, Any]:
    if await ExternalEmbed.exists(user_id=user.id):
        raise bad_request("Embed already exists.")
    try:
        embed = await ExternalEmbed.create(type=USER, user_id=user.id)
    except IntegrityError:  # created twice at once
        raise bad_request("Embed already exists.") from None
    return {"id": str(embed.id)}


async def delete(user: User) -> None:
    # Upstream's text for a missing user embed (the server route says "Embed not found.").
    if not await ExternalEmbed.filter(user_id=user.id).delete():
        raise bad_request(SOMETHING_WRONG)


async def _find(user_id: str) -> ExternalEmbed:
    parsed = parse_id(user_id)
    embed = await ExternalEmbed.get_or_none(user_id=parsed) if parsed is not None else None
    if embed is None:
        raise bad_request("Embed not found.")
    return embed


async def raw(user_id: str) -> dict[str, Any]:
    return embed_wire(await _find(user_id))


async def widget(user_id: str) -> dict[str, Any]:
    embed = await _find(user_id)
    return {"id": str(embed.id), "userId": str(embed.user_id), "serverInviteCode": None, "server": None}
