"""Which server and channel rooms a user's sockets are in (realtime.md §2), recomputed on
every process when membership, roles or channel permissions change."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from plugins.messages.models import Channel
from plugins.servers.models import Member, Role, Server
from plugins.servers.permissions import MemberContext, can_view, channel_overrides

RESYNC = "servers:resync"


async def visible_channel_ids(user_id: int, server: Server) -> tuple[set[int], list[int]]:
    """(channels the member can view, every channel of the server); empty when not a member."""
    channel_ids = list(await Channel.filter(server_id=server.id).exclude(deleting=True).values_list("id", flat=True))
    member = await Member.get_or_none(server_id=server.id, user_id=user_id)
    if member is None:
        return set(), channel_ids
    roles = {r.id: r for r in await Role.filter(server_id=server.id)}
    ctx = MemberContext(server=server, member=member, roles=roles, user=None)  # type: ignore[arg-type]
    overrides = await channel_overrides(channel_ids)
    return {c for c in channel_ids if can_view(ctx, overrides.get(c, {}))}, channel_ids


async def _resync_local(data: dict[str, Any]) -> None:
    gateway = hearth().gateway
    server_room = str(data["serverId"])
    server = await Server.get_or_none(id=int(data["serverId"]))
    channel_ids = [int(c) for c in data.get("channelIds") or []]
    if data.get("userIds") is None:
        user_ids = {ctx.user.id for ctx in gateway.local_sockets(server_room)}
    else:
        user_ids = {int(u) for u in data["userIds"]}
    for user_id in user_ids:
        sockets = gateway.local_sockets(str(user_id))
        if not sockets:
            continue
        if server is None:
            visible, every = set(), channel_ids
        else:
            visible, every = await visible_channel_ids(user_id, server)
            every = sorted(set(every) | set(channel_ids))
        member = visible or (server is not None and await Member.exists(server_id=server.id, user_id=user_id))
        for socket in sockets:
            if member:
                await socket.join(server_room)
            else:
                await socket.leave(server_room)
            for channel_id in every:
                if channel_id in visible:
                    await socket.join(str(channel_id))
                else:
                    await socket.leave(str(channel_id))


def install(gateway: Any) -> None:
    gateway.on_everywhere(RESYNC, _resync_local)


async def resync(server_id: int, user_ids: list[int] | None = None, channel_ids: list[int] | None = None) -> None:
    """Recompute rooms after commit on every process: for ``user_ids``, or everyone connected
    to the server; ``channel_ids`` names channels to leave that no longer exist."""
    await hearth().gateway.everywhere(
        RESYNC,
        {
            "serverId": str(server_id),
            "userIds": None if user_ids is None else [str(u) for u in user_ids],
            "channelIds": [str(c) for c in channel_ids or []],
        },
    )
