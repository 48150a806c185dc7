"""The servers slice of ``user:authenticated`` (realtime.md §3.4) and room joins, in a fixed
number of queries whatever the number of servers and members."""

from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace
from typing import Any

from tortoise.expressions import Subquery

from core.context import hearth
from core.identity.models import User
from core.ids import parse_id
from plugins.messages.models import Channel
from plugins.messages.payload import attachment_counts
from plugins.servers import hidden, memberrows, notification_defaults
from plugins.servers.models import Member, Role, Server, ServerOrder
from plugins.servers.notifications import payload as notification_settings
from plugins.servers.permissions import MemberContext, can_view, channel_overrides
from plugins.servers.wire import role_wire, server_channel_wire, server_wire


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


def _columns(model: Any) -> list[str]:
    return list(dict.fromkeys([*model._meta.db_fields, *(f"{name}_id" for name in model._meta.fk_fields)]))


async def light_rows(queryset: Any, model: Any) -> list[Any]:
    """The rows as plain attribute objects (same attribute names as the model): building
    Tortoise models costs more than the query itself once there are thousands of rows, as in
    the payload of a bot in hundreds of servers. Read-only snapshots, for the wire."""
    return [SimpleNamespace(**row) for row in await queryset.values(*_columns(model))]


async def server_snapshot(
    server_ids: list[int], viewer: User, members: list[Any], wire_members: list[Any], all_of_viewers: bool = False
) -> dict[str, Any]:
    """Servers, channels, members, roles of ``server_ids`` as the viewer receives them.
    ``wire_members``: the ``serverMembers`` already made (``memberrows``); ``members``: the member
    rows that decide the viewer's rooms (at least the viewer's own). ``all_of_viewers`` says
    ``server_ids`` are all the viewer's servers: the queries then select them with a subquery
    rather than hundreds of bound ids."""
    ids: Any = Subquery(Member.filter(user_id=viewer.id).values("server_id")) if all_of_viewers else server_ids
    servers = await light_rows(Server.filter(id__in=ids), Server)
    roles = await light_rows(Role.filter(server_id__in=ids).order_by("order"), Role)
    channels = await light_rows(
        Channel.filter(server_id__in=ids).exclude(deleting=True).order_by("order", "id"), Channel
    )
    channel_ids = [c.id for c in channels]
    overrides = await channel_overrides(channel_ids)
    counts = await attachment_counts(channel_ids)
    return {
        "servers": await server_rows(servers),
        "channels": [server_channel_wire(c, overrides.get(c.id, {}), counts[c.id]) for c in channels],
        "serverMembers": wire_members,
        "serverRoles": [role_wire(r) for r in roles],
        "_visible": _visible_rooms(viewer, servers, roles, channels, members, overrides),
        "_defaults": notification_defaults.payload_slice(servers),
    }


def _visible_rooms(
    viewer: User,
    servers: list[Server],
    roles: list[Role],
    channels: list[Channel],
    members: list[Member],
    overrides: dict[int, dict[int, int]],
) -> list[str]:
    roles_by_server: dict[int, dict[int, Role]] = defaultdict(dict)
    for role in roles:
        roles_by_server[role.server_id][role.id] = role
    channels_by_server: dict[int, list[Channel]] = defaultdict(list)
    for channel in channels:
        channels_by_server[channel.server_id].append(channel)
    mine = {m.server_id: m for m in members if m.user_id == viewer.id}
    rooms = []
    for server in servers:
        member = mine.get(server.id)
        if member is None:
            continue
        rooms.append(str(server.id))
        ctx = MemberContext(server=server, member=member, roles=roles_by_server[server.id], user=viewer)
        rooms.extend(str(c.id) for c in channels_by_server[server.id] if can_view(ctx, overrides.get(c.id, {})))
    return rooms


def online_ids_of(presences: list[dict[str, Any]]) -> set[int]:
    return {int(p["userId"]) for p in presences}


async def reference_partial_rows(
    user_id: int, rows: list[tuple[Any, ...]], current_server_id: int | None
) -> list[tuple[Any, ...]]:
    """Partial mode (realtime.md §3.4): your own member rows, every member of the current
    server (if you are in it), and members of your other servers who are online."""
    others = sorted({row[2] for row in rows if row[1] != current_server_id and row[2] != user_id})
    online = online_ids_of(await online_presences(others))
    return [row for row in rows if row[2] == user_id or row[1] == current_server_id or row[2] in online]


async def authenticated(ctx: Any) -> dict[str, Any]:
    server_ids = list(await Member.filter(user_id=ctx.user.id).values_list("server_id", flat=True))
    order = None if ctx.user.bot else await ServerOrder.get_or_none(user_id=ctx.user.id)
    # a bot's self user has no sidebar order or folders (realtime.md §3.4)
    user_part = (
        {}
        if ctx.user.bot
        else {"orderedServerIds": order.ordered_ids if order else [], "serverFolders": order.folders if order else []}
    )
    options = ctx.state.get("authenticate") or {}
    partial = options.get("partial") is True
    echo: dict[str, Any] = {}
    if partial and isinstance(options.get("currentServerId"), str):
        echo["currentServerId"] = options["currentServerId"]
    if not server_ids:
        return {"user": user_part, **echo}
    if paged_members(options):
        rows = await memberrows.own_rows(ctx.user.id)  # the UI pages the rest (memberpages)
    else:
        rows = await memberrows.viewer_rows(ctx.user.id)
    if partial and not paged_members(options):
        current = parse_id(options.get("currentServerId"))
        rows = await reference_partial_rows(ctx.user.id, rows, current if current in server_ids else None)
    own = [memberrows.own_member(row) for row in rows if row[2] == ctx.user.id]
    snapshot = await server_snapshot(
        server_ids, ctx.user, own, await memberrows.as_fragments(rows, ctx.user.id), all_of_viewers=True
    )
    for room in snapshot.pop("_visible"):
        await ctx.join(room)
    snapshot["channels"] = hidden.visible_channels(snapshot["channels"], ctx.features)
    defaults = snapshot.pop("_defaults")
    if notification_defaults.FEATURE in ctx.features:
        snapshot.update(defaults)
    return {**snapshot, "user": user_part, "notificationSettings": await notification_settings(ctx.user.id), **echo}


def paged_members(options: dict[str, Any]) -> bool:
    """Hearth's own web UI asks for ``{partial: true, pagedMembers: true}``: only your own member
    rows, and no presences of your servers' members; it loads member lists a page at a time
    (``GET /api/servers/{id}/members``)."""
    return options.get("partial") is True and options.get("pagedMembers") is True
