"""Socket events the messages plugin handles: ``notification:dismiss {channelId}`` and
``hearth:view {channelId}`` (``passive.py``)."""

from __future__ import annotations

from typing import Any

from core.errors import ApiError
from core.gateway import SocketContext
from plugins.messages import passive, service


async def dismiss_notification(ctx: SocketContext, data: Any) -> None:
    if not isinstance(data, dict) or not isinstance(data.get("channelId"), str):
        return
    try:
        access = await service.load_channel(ctx.user, data["channelId"])
    except ApiError:
        return  # upstream drops events it cannot apply
    await service.dismiss(access, ctx.user)


HANDLERS = {"notification:dismiss": dismiss_notification, **passive.HANDLERS}
