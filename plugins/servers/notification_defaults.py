"""A server's default ping mode (Hearth's addition, as Discord's "Default Notification
Settings"): "all messages" (0) or "only @mentions" (1) for members who chose no ping mode of
their own for the server. Admins set it; the web UI reads it (``notificationDefaults`` in
``user:authenticated`` and ``server:notification_defaults`` for sockets that name
``notification_defaults``), and passive delivery summarises a default-quiet server's channels.
Protocol clients see nothing new: the column is not in the server's wire form."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictInt
from quart import Blueprint
from quart_schema import validate_request

from core.auth import current_user, require_user
from core.context import hearth
from core.db import transaction
from core.ratelimit import rate_limit
from core.validation import Body, Rules
from plugins.messages import passive
from plugins.servers.models import Server
from plugins.servers.permissions import ADMIN, member_context, require_permission

FEATURE = "notification_defaults"
EVENT = "server:notification_defaults"
CHANGED = "servers:notification_defaults"  # the gateway command run on every process

blueprint = Blueprint("server_notification_defaults", __name__, url_prefix="/api/servers")


class NotificationDefaultsBody(Body):
    notificationPingMode: Annotated[
        StrictInt,
        Rules(type="Invalid notificationPingMode.", length="Invalid notificationPingMode."),
        Field(ge=0, le=1),
    ]


def wire(server: Any) -> dict[str, Any]:
    return {"serverId": str(server.id), "notificationPingMode": server.default_ping_mode}


@blueprint.get("/<server_id>/notification-defaults")
@require_user
async def read_defaults(server_id: str) -> Any:
    return wire((await member_context(current_user(), server_id)).server)


@blueprint.post("/<server_id>/notification-defaults")
@require_user
@rate_limit("server_notification_defaults", 10, 10)
@validate_request(NotificationDefaultsBody)
async def update_defaults(server_id: str, data: NotificationDefaultsBody) -> Any:
    ctx = await member_context(current_user(), server_id)
    await require_permission(ctx, ADMIN)  # the reference's server settings permission
    server = ctx.server
    async with transaction():
        await Server.filter(id=server.id).update(default_ping_mode=data.notificationPingMode)
        server.default_ping_mode = data.notificationPingMode
        await hearth().gateway.everywhere(CHANGED, wire(server))
    return wire(server)


async def _changed_here(body: dict[str, Any]) -> None:
    """On each process: the server's members' sockets that asked hear of it, and passive sockets
    hear the server's channels summarised or in full from now on (and are told)."""
    gateway = hearth().gateway
    users: set[str] = set()
    for ctx in gateway.local_sockets(body["serverId"]):
        if FEATURE in ctx.features:
            await ctx.emit(EVENT, body)
        if ctx.sid in gateway.passive.views:
            users.add(str(ctx.user.id))
    for user_id in users:
        await passive.refresh_here(user_id)


def install(gateway: Any) -> None:
    gateway.on_everywhere(CHANGED, _changed_here)


def payload_slice(servers: list[Any]) -> dict[str, Any]:
    """``notificationDefaults``: the servers whose default is not "all messages"."""
    return {"notificationDefaults": {str(s.id): s.default_ping_mode for s in servers if s.default_ping_mode}}
