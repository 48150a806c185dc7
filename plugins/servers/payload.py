"""The servers slice of ``user:authenticated`` (realtime.md §3.4) and room joins, in a fixed
number of queries whatever the number of servers and members."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from core.context import hearth
from core.identity.models import User
from plugins.accounts.models import Profile
from plugins.messages.models import Channel
from plugins.messages.payload import attachment_counts
from plugins.servers.models import Member, Role, Server, ServerOrder
from plugins.servers.notifications import payload as notification_settings
from plugins.servers.permissions import MemberContext, can_view, channel_overrides
from plugins.servers.wire import member_wire, role_wire, server_channel_wire, server_wire


async def server_rows(servers: list[Server]) -> list[dict[str, Any]]:
    """Full Server rows, with what other plugins add to them (``server_extras`` hook)."""
    extras: dict[int, dict[str, Any]] = defaultdict(dict)
    for answer in await hearth().plugins.gather("server_extras", server_ids=[s.id for s in servers]):
        for server_id, values in (answer or {}).items():
            extras[server_id].update(values)
    return [{**server_wire(s), **extras.get(s.id, {})} for s in servers]


async def server_snapshot(server_ids: list[int], viewer: User) -> dict[str, Any]:
    """Servers, channels, members, roles of ``server_ids`` as the viewer receives them."""
    servers = await Server.filter(id__in=server_ids)
    roles = await Role.filter(server_id__in=server_ids).order_by("order")
    channels = await Channel.filter(server_id__in=server_ids).exclude(deleting=True).order_by("order", "id")
    channel_ids = [c.id for c in channels]
    overrides = await channel_overrides(channel_ids)
    counts = await attachment_counts(channel_ids)
    members = await Member.filter(server_id__in=server_ids)
    user_ids = {m.user_id for m in members}
    users = {u.id: u for u in await User.filter(id__in=user_ids)}
    profiles = {p.user_id: p for p in await Profile.filter(user_id__in=user_ids)}
    return {
        "servers": await server_rows(servers),
        "channels": [server_channel_wire(c, overrides.get(c.id, {}), counts[c.id]) for c in channels],
        "serverMembers": [member_wire(m, users[m.user_id], profiles.get(m.user_id), viewer.id) for m in members],
        "serverRoles": [role_wire(r) for r in roles],
        "_visible": _visible_rooms(viewer, servers, roles, channels, members, overrides),
    }


def _visible_rooms(viewer: User, servers: list[Server], roles: list[Role], channels: list[Channel],
                   members: list[Member], overrides: dict[int, dict[int, int]]) -> list[str]:
    roles_by_server: dict[int, dict[int, Role]] = defaultdict(dict)
    for role in roles:
        roles_by_server[role.server_id][role.id] = role
    mine = {m.server_id: m for m in members if m.user_id == viewer.id}
    rooms = []
    for server in servers:
        member = mine.get(server.id)
        if member is None:
            continue
        rooms.append(str(server.id))
        ctx = MemberContext(server=server, member=member, roles=roles_by_server[server.id], user=viewer)
        rooms.extend(str(c.id) for c in channels if c.server_id == server.id and can_view(ctx, overrides.get(c.id, {})))
    return rooms


async def authenticated(ctx: Any) -> dict[str, Any]:
    server_ids = list(await Member.filter(user_id=ctx.user.id).values_list("server_id", flat=True))
    order = await ServerOrder.get_or_none(user_id=ctx.user.id)
    user_part = {"orderedServerIds": order.ordered_ids if order else [], "serverFolders": order.folders if order else []}
    if not server_ids:
        return {"user": user_part}
    snapshot = await server_snapshot(server_ids, ctx.user)
    for room in snapshot.pop("_visible"):
        await ctx.join(room)
    return {**snapshot, "user": user_part, "notificationSettings": await notification_settings(ctx.user.id)}
