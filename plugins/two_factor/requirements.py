"""Who must have two-factor: staff when ``[two_factor] require_for_staff`` is on, and the members
who use moderation permissions in a server that requires it (Discord's "2FA requirement for
moderation", a setting only the owner, with two-factor on, may change)."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from plugins.two_factor.models import ServerRequirement
from plugins.two_factor.service import enabled

STAFF_MESSAGE = "Staff must turn on two-factor authentication (Settings › Account) to use moderation tools."
SERVER_MESSAGE = "This server requires two-factor authentication for moderation. Turn it on in Settings › Account."
OWNER_ONLY = "Only the server owner can change this."
OWNER_NEEDS_2FA = "Turn on two-factor authentication on your account first."


async def staff_refusal(user: User) -> str | None:
    if not hearth().settings.get("two_factor.require_for_staff"):
        return None
    return None if await enabled(user.id) else STAFF_MESSAGE


async def server_refusal(server_id: int, user: User) -> str | None:
    """Bots have no second factor to give; whoever added them answers for them (as on Discord)."""
    if user.bot or not await ServerRequirement.filter(server_id=server_id).exists():
        return None
    return None if await enabled(user.id) else SERVER_MESSAGE


async def _membership(user: User, server_id: str) -> Any:
    """The servers plugin's member context (its routes exist only with that plugin)."""
    if not hearth().plugins.enabled("servers"):
        raise ApiError(404, "Not found.")
    from plugins.servers.permissions import member_context

    return await member_context(user, server_id)


async def server_setting(user: User, server_id: str) -> dict[str, Any]:
    ctx = await _membership(user, server_id)
    return {
        "serverId": str(ctx.server.id),
        "required": await ServerRequirement.filter(server_id=ctx.server.id).exists(),
    }


async def set_server_setting(user: User, server_id: str, required: bool) -> dict[str, Any]:
    ctx = await _membership(user, server_id)
    if not ctx.is_owner:
        raise ApiError(403, OWNER_ONLY)
    if required and not await enabled(user.id):
        raise ApiError(403, OWNER_NEEDS_2FA)
    if required:
        await ServerRequirement.get_or_create(server_id=ctx.server.id, defaults={"set_by_id": user.id})
    else:
        await ServerRequirement.filter(server_id=ctx.server.id).delete()
    return {"serverId": str(ctx.server.id), "required": required}
