"""DM routes: open a DM, close it, and the user's own DM notice."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictStr, field_validator
from quart import Blueprint
from quart_schema import validate_request

from core.auth import current_user, require_user, require_user_or_bot
from core.errors import bad_request
from core.ids import parse_id
from core.ratelimit import rate_limit
from core.validation import Body, Rules
from plugins.inbox import service
from plugins.inbox.models import UserNotice

users = Blueprint("inbox_users", __name__, url_prefix="/api/users")
channels = Blueprint("inbox_channels", __name__, url_prefix="/api/channels")


class ChannelNoticeBody(Body):
    content: Annotated[StrictStr, Rules(required="Content must be a string.", type="Content must be a string.")]

    @field_validator("content")
    @classmethod
    def _length(cls, value: str) -> str:
        value = value.strip()
        if not 4 <= len(value) <= 300:
            raise ValueError("Content must be between 4 and 300 characters long.")
        return value


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
@validate_request(ChannelNoticeBody)
async def put_notice(data: ChannelNoticeBody) -> Any:
    return {"notice": await service.set_notice(current_user(), data.content)}


@users.delete("/channel-notice")
@require_user_or_bot
@rate_limit("user_channel_notice_delete", 10, 10)
async def delete_notice() -> Any:
    if not await UserNotice.filter(user_id=current_user().id).delete():
        raise bad_request("Channel notice does not exist.")
    return {"status": True}
