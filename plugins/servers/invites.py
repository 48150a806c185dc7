"""Invites (rest.md §4.7): create, list, delete, preview without a token, join by code."""

from __future__ import annotations

import re
import secrets
import string
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F

from core.db import hold, transaction
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.ids import parse_id
from core.wire import public_user
from plugins.servers import service
from plugins.servers.models import Invite, Member, Server
from plugins.servers.permissions import MemberContext
from plugins.servers.wire import invite_wire, server_wire

MAX_INVITES = 10
CUSTOM_CODE = re.compile(r"^[a-z1-9_-]+$", re.IGNORECASE)
ALPHABET = string.ascii_letters + string.digits


def could_be_a_code(code: str) -> bool:
    """False for text longer than the column (Tortoise refuses to even compare such a value)."""
    return len(code) <= Invite._meta.fields_map["code"].max_length


async def find(code: str) -> tuple[Server, Invite | None]:
    server_id = parse_id(code)  # a public server's id works as its invite
    if server_id is not None:
        server = await Server.get_or_none(id=server_id, public=True)
        if server is not None:
            return server, None
    if not could_be_a_code(code):
        raise bad_request("Invalid invite code.")
    invite = await Invite.get_or_none(code=code).select_related("server")
    if invite is None:
        invite = await Invite.get_or_none(code__iexact=code, is_custom=True).select_related("server")
    if invite is None:
        raise bad_request("Invalid invite code.")
    return invite.server, invite


async def preview(code: str) -> dict[str, Any]:
    server, _ = await find(code)
    return {**server_wire(server, extras=False), "memberCount": await Member.filter(server_id=server.id).count()}


async def join(user: User, code: str) -> dict[str, Any]:
    server, invite = await find(code)
    result = await service.join_server(user, server)
    if invite is not None:
        await Invite.filter(id=invite.id).update(uses=F("uses") + 1)  # two joining at once count two
    return result


async def create(ctx: MemberContext) -> dict[str, Any]:
    try:
        async with transaction():
            await hold(User, ctx.user.id)
            if (
                await Invite.filter(server_id=ctx.server.id, created_by_id=ctx.user.id, is_custom=False).count()
                >= MAX_INVITES
            ):
                raise ApiError(403, "You already created the maximum amount of invites!")
            invite = await Invite.create(
                server_id=ctx.server.id,
                created_by_id=ctx.user.id,
                code="".join(secrets.choice(ALPHABET) for _ in range(5)),
            )
    except IntegrityError:
        raise ApiError(403, "Something went wrong. Please try again!") from None
    return invite_wire(invite)


async def create_custom(ctx: MemberContext, code: str) -> dict[str, Any]:
    if not ctx.is_owner:
        raise ApiError(401, "Only the server owner can create custom invites.")
    if not CUSTOM_CODE.match(code):
        raise ApiError(401, "Only alphanumerical and dashes are allowed in the code.")
    if not ctx.server.verified:
        raise ApiError(403, "Server must be verified to create custom invites.")
    taken = await Invite.get_or_none(code__iexact=code)
    if taken is not None and taken.server_id != ctx.server.id:
        raise ApiError(403, "This code already in use by another server.")
    await Invite.filter(server_id=ctx.server.id, is_custom=True).delete()
    invite = await Invite.create(server_id=ctx.server.id, created_by_id=ctx.user.id, code=code, is_custom=True)
    return invite_wire(invite)


async def listing(ctx: MemberContext) -> list[dict[str, Any]]:
    query = Invite.filter(server_id=ctx.server.id)
    if not ctx.is_owner:
        query = query.filter(created_by_id=ctx.user.id)
    invites = await query.order_by("-id").select_related("created_by")
    return [{**invite_wire(i), "createdBy": public_user(i.created_by)} for i in invites]


async def delete(ctx: MemberContext, code: str) -> None:
    invite = await Invite.get_or_none(server_id=ctx.server.id, code=code) if could_be_a_code(code) else None
    if invite is None or (invite.created_by_id != ctx.user.id and not ctx.is_owner):
        raise ApiError(403, "Invalid invite code.")
    await invite.delete()
