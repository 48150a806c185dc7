"""Waves: ``hello:wave {to}`` from an authenticated socket stores a wave and sends
``hello:waved {from}`` to the sockets of that user only (their user room). A payload that is
not ``{to: <id of another live user>}`` is answered, on the sender's socket alone, with
``hello:wave_error {message, path}``."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import StrictStr

from core.context import hearth
from core.db import transaction
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from core.socket_limits import socket_limit
from core.validation import Body, Rules, validate_body
from hearth_hello.models import Wave


class WaveBody(Body):
    to: Annotated[StrictStr, Rules(required="to is required.", type="to must be a user id.")]


@socket_limit(5, 10)  # per socket: more within 10 s are dropped
async def wave(ctx: Any, data: Any) -> None:
    try:
        body = validate_body(WaveBody, data)
        to = await _recipient(ctx.user.id, body.to)
    except ApiError as error:
        await ctx.emit("hello:wave_error", error.body())
        return
    async with transaction():
        await Wave.create(from_user_id=ctx.user.id, to_user_id=to)
        # queued now, sent once the wave is committed (never for a rolled-back one)
        await hearth().gateway.emit("hello:waved", {"from": str(ctx.user.id)}, to=str(to))


async def _recipient(sender_id: int, to: str) -> int:
    user_id = parse_id(to)
    if user_id == sender_id:
        raise ApiError(400, "You cannot wave at yourself.", "to")
    if user_id is None or not await User.exists(id=user_id, deleted=False):
        raise ApiError(400, "User not found.", "to")
    return user_id


async def waves_received(user_id: int) -> int:
    return await Wave.filter(to_user_id=user_id).count()
