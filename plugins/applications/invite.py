"""Adding a bot to a server (rest.md §4.7 last route): a server manager (owner or ADMIN) picks
the permissions; the servers plugin's join flow makes the bot's role with exactly those bits.
Servers is optional: the route is mounted only with it (``routes.blueprints``)."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.ratelimit import check
from plugins.applications import service


def permissions_from(raw: str | None, known: int) -> int:
    """The ``permissions`` query as role bits; 0 (the join flow then gives SEND_MESSAGE) when
    absent or not a number; bits outside ``known`` are dropped."""
    try:
        return max(int(raw or 0), 0) & known
    except ValueError:
        return 0


async def add_bot(user: User, server_id: str, app_id: str, raw_permissions: str | None) -> dict[str, Any]:
    if not hearth().plugins.enabled("servers"):
        raise ApiError(404, "Not found.")  # not mounted without servers: the same answer as then
    from plugins.servers.permissions import ADMIN, NAMES, member_context, require_permission
    from plugins.servers.service import join_server

    ctx = await member_context(user, server_id)
    await require_permission(ctx, ADMIN)
    await check("server_invite_bot", 3, 60)
    app = await service.find(app_id)
    if app is None:
        raise bad_request(service.NOT_FOUND)
    bot = await User.get_or_none(id=app.bot_user_id, deleted=False) if app.bot_user_id else None
    if bot is None:
        raise bad_request(service.NO_BOT)
    await join_server(bot, ctx.server, bot_permissions=permissions_from(raw_permissions, sum(NAMES)))
    return {"success": True}
