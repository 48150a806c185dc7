"""A channel's messages for admins (rest.md §8.3 ``GET /moderation/channels/:id/messages``): any
channel, no membership needed (reports). Messages is optional: the route is mounted only with it;
without servers a channel is never shown with its server."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from core.identity.models import User
from core.ids import parse_id

PAGE = 50


async def around(viewer: User, channel_id: str, around_id: str | None, limit: int) -> dict[str, Any]:
    """``limit`` messages around ``around_id`` (the newest without one), oldest first."""
    if not hearth().plugins.enabled("messages"):
        return {"messages": [], "channel": None}
    from plugins.messages.models import Channel, Message
    from plugins.messages.wire import serialize_messages

    parsed = parse_id(channel_id)
    channel = await Channel.get_or_none(id=parsed) if parsed is not None else None
    if channel is None:
        return {"messages": [], "channel": None}
    base = Message.filter(channel_id=channel.id)
    around = parse_id(around_id)
    if around is not None:
        half = -(-limit // 2)
        rows = [
            *reversed(await base.filter(id__lte=around).order_by("-id").limit(half)),
            *await base.filter(id__gt=around).order_by("id").limit(half),
        ]
    else:
        rows = list(reversed(await base.order_by("-id").limit(limit)))
    return {
        "messages": await serialize_messages(rows, viewer.id),
        "channel": {"id": str(channel.id), "name": channel.name, "server": await _server(channel.server_id)},
    }


async def _server(server_id: int | None) -> dict[str, Any] | None:
    if server_id is None or not hearth().plugins.enabled("servers"):
        return None
    from plugins.servers.models import Server

    server = await Server.get_or_none(id=server_id)
    return {"id": str(server.id), "name": server.name, "avatar": server.avatar} if server else None
