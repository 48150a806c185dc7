"""The rules of custom emojis (rest.md §4.8, entities.md §4.9)."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from quart import Response, jsonify
from tortoise.exceptions import IntegrityError

from core.cdn.service import verify_file
from core.context import hearth
from core.db import hold, transaction
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from core.wire import full_user
from plugins.emojis.models import CustomEmoji
from plugins.servers.models import Server
from plugins.servers.permissions import MemberContext

MAX_EMOJIS, MAX_EMOJIS_VERIFIED = 80, 200
_NOT_ALPHANUMERIC = re.compile(r"[^A-Za-z0-9]")


class BareError(Exception):
    """Upstream answers these with a bare JSON string body, not ``{message, path}``."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message, self.status = message, status

    def response(self) -> Response:
        response = jsonify(self.message)
        response.status_code = self.status
        return response


def sanitise(name: str) -> str:
    """Every character that is not an ASCII letter or digit becomes ``_``."""
    return _NOT_ALPHANUMERIC.sub("_", name)


def emoji_wire(emoji: CustomEmoji) -> dict[str, Any]:
    return {
        "id": str(emoji.id),
        "name": emoji.name,
        "gif": emoji.gif,
        "webp": emoji.webp,
        "serverId": str(emoji.server_id),
        "uploadedById": str(emoji.uploaded_by_id),
    }


def compact_wire(emoji: CustomEmoji) -> dict[str, Any]:
    return {"id": str(emoji.id), "name": emoji.name, "gif": emoji.gif, "webp": emoji.webp}


async def compact_by_server(server_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """``{server_id: [{id, name, gif, webp}]}`` for many servers in one query (every id present)."""
    result: dict[int, list[dict[str, Any]]] = defaultdict(list)
    if server_ids:
        for emoji in await CustomEmoji.filter(server_id__in=list(server_ids)).order_by("id"):
            result[emoji.server_id].append(compact_wire(emoji))
    return {server_id: result.get(server_id, []) for server_id in server_ids}


async def listing(ctx: MemberContext) -> list[dict[str, Any]]:
    emojis = await CustomEmoji.filter(server_id=ctx.server.id).order_by("-id").limit(MAX_EMOJIS_VERIFIED)
    users = {u.id: u for u in await User.filter(id__in={e.uploaded_by_id for e in emojis})}
    return [
        {**emoji_wire(e), "uploadedBy": full_user(users[e.uploaded_by_id]) if e.uploaded_by_id in users else None}
        for e in emojis
    ]


async def add(ctx: MemberContext, name: str, file_id: str) -> dict[str, Any]:
    record = await verify_file(ctx.user.id, file_id, "emojis", image_only=True)
    if await CustomEmoji.exists(id=record.id):
        raise ApiError(403, "File not found.")  # the upload became an emoji already
    animated = bool(record.animated)
    try:
        async with transaction():
            await hold(Server, ctx.server.id)
            limit = MAX_EMOJIS_VERIFIED if ctx.server.verified else MAX_EMOJIS
            if await CustomEmoji.filter(server_id=ctx.server.id).count() >= limit:
                raise BareError("You have reached the maximum number of emojis for this server.")
            emoji = await CustomEmoji.create(
                id=record.id,
                name=sanitise(name),
                server_id=ctx.server.id,
                uploaded_by_id=ctx.user.id,
                gif=animated and record.mimetype == "image/gif",
                webp=animated and record.mimetype == "image/webp",
            )
            wire = emoji_wire(emoji)
            await hearth().gateway.emit(
                "server:emoji_add", {"serverId": str(ctx.server.id), "emoji": wire}, to=str(ctx.server.id)
            )
    except IntegrityError:  # the same upload posted twice at once
        raise ApiError(403, "File not found.") from None
    return wire


async def _find(ctx: MemberContext, emoji_id: str) -> CustomEmoji:
    parsed = parse_id(emoji_id)
    emoji = None if parsed is None else await CustomEmoji.get_or_none(id=parsed, server_id=ctx.server.id)
    if emoji is None:
        raise BareError("Emoji not found.")
    return emoji


async def rename(ctx: MemberContext, emoji_id: str, name: str) -> dict[str, Any]:
    emoji = await _find(ctx, emoji_id)
    emoji.name = sanitise(name)
    async with transaction():
        await emoji.save(update_fields=["name"])
        await hearth().gateway.emit(
            "server:emoji_update",
            {"serverId": str(ctx.server.id), "emojiId": str(emoji.id), "name": emoji.name},
            to=str(ctx.server.id),
        )
    return emoji_wire(emoji)


async def remove(ctx: MemberContext, emoji_id: str) -> None:
    emoji = await _find(ctx, emoji_id)
    async with transaction():
        await CustomEmoji.filter(id=emoji.id).delete()
        await hearth().gateway.emit(
            "server:emoji_remove", {"serverId": str(ctx.server.id), "emojiId": str(emoji.id)}, to=str(ctx.server.id)
        )
