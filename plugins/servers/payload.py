"""The servers slice of ``user:authenticated`` (realtime.md §3.4) and room joins, in a fixed
number of queries whatever the number of servers and members."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from tortoise.expressions import Q

from core.context import hearth
from core.identity.models import User
from core.ids import parse_id
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


async def online_presences(user_ids: list[int]) -> list[dict[str, Any]]:
    """Presences of those of ``user_ids`` who are online, from whichever plugin answers the
    ``server_member_presences`` hook (presence); nobody is online without one."""
    if not user_ids:
        return []
    found: list[dict[str, Any]] = []
    for answer in await hearth().plugins.gather("server_member_presences", user_ids=user_ids):
        found.extend(answer or [])
    return found


async def member_rows(members: list[Member], viewer_id: int | None) -> list[dict[str, Any]]:
    """ServerMember rows with their users (public + profile + lastOnline filtering), in two queries."""
    user_ids = {m.user_id for m in members}
    users = {u.id: u for u in await User.filter(id__in=user_ids)}
    profiles = {p.user_id: p for p in await Profile.filter(user_id__in=user_ids)}
    return [member_wire(m, users[m.user_id], profiles.get(m.user_id), viewer_id) for m in members if m.user_id in users]


async def server_snapshot(server_ids: list[int], viewer: User, members: list[Member] | None = None) -> dict[str, Any]:
    """Servers, channels, members, roles of ``server_ids`` as the viewer receives them;
    ``members`` replaces "every member" (partial mode), and must hold the viewer's own rows."""
    servers = await Server.filter(id__in=server_ids)
    roles = await Role.filter(server_id__in=server_ids).order_by("order")
    channels = await Channel.filter(server_id__in=server_ids).exclude(deleting=True).order_by("order", "id")
    channel_ids = [c.id for c in channels]
    overrides = await channel_overrides(channel_ids)
    counts = await attachment_counts(channel_ids)
    if members is None:
        members = await Member.filter(server_id__in=server_ids)
    return {
        "servers": await server_rows(servers),
        "channels": [server_channel_wire(c, overrides.get(c.id, {}), counts[c.id]) for c in channels],
        "serverMembers": await member_rows(members, viewer.id),
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


async def partial_members(user_id: int, server_ids: list[int], current_server_id: int | None) -> list[Member]:
    """Partial mode (realtime.md §3.4): your own member rows, every member of the current
    server (if you are in it), and members of your other servers who are online."""
    candidates = set(await Member.filter(server_id__in=server_ids).exclude(server_id=current_server_id or 0)
                     .exclude(user_id=user_id).values_list("user_id", flat=True))
    online = {int(p["userId"]) for p in await online_presences(sorted(candidates))}
    return await Member.filter(Q(user_id=user_id) | Q(server_id=current_server_id or 0) | Q(user_id__in=online or [0]),
                               server_id__in=server_ids)


async def authenticated(ctx: Any) -> dict[str, Any]:
    server_ids = list(await Member.filter(user_id=ctx.user.id).values_list("server_id", flat=True))
    order = await ServerOrder.get_or_none(user_id=ctx.user.id)
    user_part = {"orderedServerIds": order.ordered_ids if order else [], "serverFolders": order.folders if order else []}
    options = ctx.state.get("authenticate") or {}
    partial = options.get("partial") is True
    echo: dict[str, Any] = {}
    if partial and isinstance(options.get("currentServerId"), str):
        echo["currentServerId"] = options["currentServerId"]
    if not server_ids:
        return {"user": user_part, **echo}
    members = None
    if partial:
        current = parse_id(options.get("currentServerId"))
        members = await partial_members(ctx.user.id, server_ids, current if current in server_ids else None)
    snapshot = await server_snapshot(server_ids, ctx.user, members)
    for room in snapshot.pop("_visible"):
        await ctx.join(room)
    return {**snapshot, "user": user_part, "notificationSettings": await notification_settings(ctx.user.id), **echo}
