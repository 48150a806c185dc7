"""Claiming a placeholder author: the server's owner makes a one-time link for one of the
import's placeholder users; the real person, signed in, follows it and the placeholder's messages
and reactions in that server become theirs (the placeholder itself is then removed)."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from core.context import hearth
from core.db import transaction
from core.errors import ApiError
from core.identity.models import User
from core.identity.tokens import token_hash
from core.ids import parse_id
from plugins.discord_import.models import AUTHOR, ClaimLink, ImportedThing
from plugins.discord_import.service import _owned_server
from plugins.messages.models import Channel, Message, Reaction

LINK_DAYS = 7
MAX_LISTED = 200
NOT_A_PLACEHOLDER = "This user is not an imported author of this server."
USED_OR_OLD = "This claim link was already used or is out of date."


async def placeholders(user: User, server_id: str) -> list[dict[str, Any]]:
    server = await _owned_server(user, server_id)
    ids = (
        await ImportedThing.filter(server_id=server.id, kind=AUTHOR)
        .order_by("local_id")
        .limit(MAX_LISTED)
        .values_list("local_id", flat=True)
    )
    people = await User.filter(id__in=list(set(ids))).order_by("username").values("id", "username", "tag", "avatar")
    return [{"id": str(p["id"]), "username": p["username"], "tag": p["tag"], "avatar": p["avatar"]} for p in people]


async def make_link(user: User, server_id: str, placeholder_id: str) -> dict[str, str]:
    server = await _owned_server(user, server_id)
    parsed = parse_id(placeholder_id)
    if parsed is None or not await ImportedThing.exists(server_id=server.id, kind=AUTHOR, local_id=parsed):
        raise ApiError(404, NOT_A_PLACEHOLDER)
    token = secrets.token_urlsafe(32)
    await ClaimLink.create(
        token_hash=token_hash(token),
        server_id=server.id,
        placeholder_id=parsed,
        created_by_id=user.id,
        expires_at=datetime.now(UTC) + timedelta(days=LINK_DAYS),
    )
    base = str(hearth().settings.server.public_url).rstrip("/")
    return {"token": token, "url": f"{base}/app/claim-imported/{token}"}


async def claim(user: User, token: str) -> dict[str, Any]:
    """Consume the link (one use: the row is deleted, and only one deletion can win), then move
    what the placeholder wrote and reacted in the server to ``user``."""
    async with transaction():
        link = await ClaimLink.get_or_none(token_hash=token_hash(token or ""))
        if link is None or not await ClaimLink.filter(id=link.id).delete():
            raise ApiError(404, USED_OR_OLD)
        if link.expires_at < datetime.now(UTC):
            raise ApiError(404, USED_OR_OLD)
        placeholder_id = link.placeholder_id
        channels = list(await Channel.filter(server_id=link.server_id).values_list("id", flat=True))
        moved = await Message.filter(channel_id__in=channels, created_by_id=placeholder_id).update(
            created_by_id=user.id
        )
        theirs = Reaction.filter(message__channel_id__in=channels, user_id=placeholder_id)
        for reaction in await theirs.values("id", "message_id", "name", "emoji_key"):
            clash = await Reaction.exists(
                message_id=reaction["message_id"],
                user_id=user.id,
                name=reaction["name"],
                emoji_key=reaction["emoji_key"],
            )
            if clash:  # the person had reacted the same way already
                await Reaction.filter(id=reaction["id"]).delete()
            else:
                await Reaction.filter(id=reaction["id"]).update(user_id=user.id)
        await ImportedThing.filter(server_id=link.server_id, kind=AUTHOR, local_id=placeholder_id).update(
            local_id=user.id
        )
        # A placeholder of one server only (authors are per server): nothing else points at it.
        await User.filter(id=placeholder_id).delete()
    await hearth().plugins.gather(
        "imported_author_claimed", server_id=link.server_id, placeholder_id=placeholder_id, user_id=user.id
    )
    return {"serverId": str(link.server_id), "messages": moved}
