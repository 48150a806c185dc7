"""DM routes: open a DM, close it, and the user's own DM notice."""

from __future__ import annotations

from typing import Any

from quart import Blueprint
from quart_schema import validate_request

from core.auth import current_user, require_user, require_user_or_bot
from core.errors import bad_request
from core.ids import parse_id
from core.ratelimit import rate_limit
from plugins.inbox import service
from plugins.inbox.models import UserNotice
from plugins.messages.schemas import NoticeBody

users = Blueprint("inbox_users", __name__, url_prefix="/api/users")
channels = Blueprint("inbox_channels", __name__, url_prefix="/api/channels")


@users.post("/<user_id>/open-channel")
@require_user_or_bot
@rate_limit("open_dm_channel", 10, 10)
async def open_channel(user_id: str) -> Any:
    return await service.open_channel(current_user(), parse_id(user_id))


@channels.delete("/<channel_id>")
@require_user
@rate_limit("channel_dm_close", 50, 10)
async def close_channel(channel_id: str) -> Any:
    await service.close_channel(current_user(), channel_id)
    return {"status": True}


@users.get("/channel-notice")
@require_user_or_bot
@rate_limit("user_channel_notice_get", 10, 10)
async def get_notice() -> Any:
    notice = await UserNotice.get_or_none(user_id=current_user().id)
    if notice is None:
        raise bad_request("Channel notice does not exist.")
    return {"notice": service._notice_wire(notice)}


@users.put("/channel-notice")
@require_user_or_bot
@rate_limit("user_channel_notice_update", 10, 10)
@validate_request(NoticeBody)
async def put_notice(data: NoticeBody) -> Any:
    return {"notice": await service.set_notice(current_user(), data.content)}


@users.delete("/channel-notice")
@require_user_or_bot
@rate_limit("user_channel_notice_delete", 10, 10)
async def delete_notice() -> Any:
    if not await UserNotice.filter(user_id=current_user().id).delete():
        raise bad_request("Channel notice does not exist.")
    return {"status": True}
