"""``GET /api/servers/{serverId}/members?after=&limit=`` — Hearth's own route, not in the wire
reference: a server's members a page at a time, for Hearth's web UI, which authenticates with
``pagedMembers`` and so receives no member lists in ``user:authenticated``.

The order is the member list's: online members first, grouped under their highest shown role
(not hidden, not the default role; highest first), then online members without one, then
offline members; by display name (lower case) and user id within a group. ``after`` is the
``next`` of the previous page: the place of its last member in that order (not an offset), so
only members who move in the order between two pages (come online, go offline, change roles or
names) may be missed or listed twice; the UI merges members by user id.
"""

from __future__ import annotations

import base64
import bisect
import json
from typing import Any, NamedTuple

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.prepared import fetch_rows
from plugins.servers import memberrows
from plugins.servers.models import Member
from plugins.servers.payload import online_presences
from plugins.servers.permissions import MemberContext

DEFAULT_LIMIT, MAX_LIMIT = 50, 100
ONLINE, OFFLINE = 0, 1
_ALL = (
    f"SELECT m.id, m.user_id, m.nickname, m.role_ids, u.username, u.status FROM {Member._meta.db_table} m "
    f"JOIN {User._meta.db_table} u ON u.id = m.user_id WHERE m.server_id = $1"
)


class Place(NamedTuple):
    segment: int  # ONLINE (or presence unknown), OFFLINE
    rank: int  # minus the order of the member's highest shown role; 0 without one (and offline)
    name: str  # display name in lower case
    user_id: int


def limit_of(raw: str | None, default: int = DEFAULT_LIMIT, maximum: int = MAX_LIMIT) -> int:
    """The ``limit`` query argument of a member list: ``default`` when absent, else 1 to ``maximum``."""
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= maximum:
        raise ApiError(400, f"limit must be a whole number from 1 to {maximum}.", "limit")
    return int(raw)


def encode_cursor(place: Place) -> str:
    text = json.dumps([place.segment, place.rank, place.name, str(place.user_id)], ensure_ascii=False)
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode_cursor(raw: str | None) -> Place | None:
    if raw is None or raw == "":
        return None
    try:
        segment, rank, name, user_id = json.loads(base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)))
        if (
            segment in (ONLINE, OFFLINE)
            and type(rank) is int
            and isinstance(name, str)
            and len(name) <= 100
            and isinstance(user_id, str)
            and user_id.isascii()
            and user_id.isdigit()
            and len(user_id) <= 20
        ):
            return Place(segment, rank, name, int(user_id))
    except (ValueError, TypeError):
        pass
    raise ApiError(400, "Invalid cursor.", "after")


def _role_ids(raw: Any) -> list[int]:
    return [int(r) for r in (json.loads(raw) if isinstance(raw, str) else raw or [])]


class Ordered(NamedTuple):
    places: list[Place]
    member_ids: list[int]  # in the same order
    groups: list[dict[str, Any]]  # [{id, count}] in order: role ids, "online" / "members", "offline"
    role_counts: dict[str, int]


async def ordered_members(ctx: MemberContext) -> Ordered:
    rows = await fetch_rows(_ALL, [ctx.server.id])
    answers = await hearth().plugins.gather("server_members_connected", user_ids=[row[1] for row in rows])
    connected: set[int] | None = set().union(*answers) if answers else None  # None: presence unknown
    shown = {
        role.id: role.order
        for role in ctx.roles.values()
        if not role.hide_role and role.id != ctx.server.default_role_id
    }
    keyed, role_counts = [], {}
    for member_id, user_id, nickname, raw_roles, username, status in rows:
        roles = _role_ids(raw_roles)
        for role_id in roles:
            role_counts[str(role_id)] = role_counts.get(str(role_id), 0) + 1
        name = (nickname or username).lower()
        if connected is None or (user_id in connected and status != 0):
            top_role = max((r for r in roles if r in shown), key=shown.__getitem__, default=None)
            keyed.append((Place(ONLINE, -shown[top_role] if top_role else 0, name, user_id), member_id, top_role))
        else:
            keyed.append((Place(OFFLINE, 0, name, user_id), member_id, None))
    keyed.sort(key=lambda item: item[0])
    groups: list[dict[str, Any]] = []
    for place, _, role_id in keyed:
        group = (
            (str(role_id) if role_id else "online" if connected is not None else "members")
            if place.segment == ONLINE
            else "offline"
        )
        if groups and groups[-1]["id"] == group:
            groups[-1]["count"] += 1
        else:
            groups.append({"id": group, "count": 1})
    return Ordered([k[0] for k in keyed], [k[1] for k in keyed], groups, role_counts)


async def page(ctx: MemberContext, after: str | None, limit: int) -> dict[str, Any]:
    start_after = decode_cursor(after)
    ordered = await ordered_members(ctx)
    start = 0 if start_after is None else bisect.bisect_right(ordered.places, start_after)
    chosen = ordered.member_ids[start : start + limit]
    rows = {row[0]: row for row in await memberrows.rows_by_ids(chosen)}
    members = await memberrows.as_dicts([rows[i] for i in chosen if i in rows], ctx.user.id)
    online = [place.user_id for place in ordered.places[start : start + limit] if place.segment == ONLINE]
    end = start + len(chosen)
    return {
        "members": members,
        "presences": await online_presences(online),
        "count": len(ordered.places),
        "groups": ordered.groups,
        "roleCounts": ordered.role_counts,
        "next": encode_cursor(ordered.places[end - 1]) if chosen and end < len(ordered.places) else None,
    }
