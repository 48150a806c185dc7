"""Whole member lists (``serverMembers`` of ``user:authenticated``, ``server:members_fetched``)
from one statement — member, user and profile columns together — rather than model instances.

For ``user:authenticated`` each row's JSON is kept (``orjson.Fragment``) and reused while the
row read from the database is the same: a member of a 1,000-member server who connects costs
one statement and 1,000 tuple comparisons, not 1,000 rows built and encoded again. The cache is
keyed by member id and checked against the row itself, so it is never stale: a change anywhere
(a nickname, a role, a username, a new avatar, a last-online time) changes the row and the next
reader rebuilds that one row. Nothing has to announce changes to it, which matters because
users change in several plugins and, with several workers, in other processes.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import orjson

from core.identity.models import User
from core.prepared import fetch_rows
from plugins.accounts.models import Profile
from plugins.accounts.public_profile import brief_profile, profile_extras
from plugins.servers.models import Member
from plugins.servers.wire import member_row, member_user

# about 1.2 KB a row (the row as read and its JSON): 24 MB at most; the older half goes when full
MAX_CACHED_ROWS = 20_000

_SELECT = (
    f"SELECT m.id, m.server_id, m.user_id, m.joined_at, m.nickname, m.role_ids, m.mute_expire_at, "
    f"u.username, u.tag, u.hex_color, u.avatar, u.banner, u.badges, u.bot, u.joined_at, "
    f"u.last_online_status, u.last_online_at, p.id, p.font "
    f"FROM {Member._meta.db_table} m JOIN {User._meta.db_table} u ON u.id = m.user_id "
    f"LEFT JOIN {Profile._meta.db_table} p ON p.user_id = m.user_id "
)
_OF_VIEWER = _SELECT + f"WHERE m.server_id IN (SELECT server_id FROM {Member._meta.db_table} WHERE user_id = $1)"
_OF_SERVER = _SELECT + "WHERE m.server_id = $1 ORDER BY m.joined_at, m.id"
_OWN = _SELECT + "WHERE m.user_id = $1"

_cache: dict[int, tuple[tuple[Any, ...], dict[str, Any] | None, orjson.Fragment]] = {}


def _datetime(value: Any) -> datetime | None:
    """A timestamp as the driver gives it (PostgreSQL: aware datetime; SQLite: ISO text)."""
    if type(value) is str:
        value = datetime.fromisoformat(value)
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    return value


def _wire(row: tuple[Any, ...], extras: dict[str, Any] | None, viewer_id: int | None) -> dict[str, Any]:
    (
        member_id,
        server_id,
        user_id,
        joined_at,
        nickname,
        role_ids,
        mute_expire_at,
        username,
        tag,
        hex_color,
        avatar,
        banner,
        badges,
        bot,
        user_joined_at,
        last_online_status,
        last_online_at,
        profile_id,
        font,
    ) = row
    user = SimpleNamespace(
        id=user_id,
        username=username,
        tag=tag,
        hex_color=hex_color,
        avatar=avatar,
        banner=banner,
        badges=badges,
        bot=None if bot is None else bool(bot),
        joined_at=_datetime(user_joined_at),
        last_online_status=last_online_status,
        last_online_at=_datetime(last_online_at),
    )
    profile = None if profile_id is None else brief_profile(font, extras)
    return member_row(own_member(row), member_user(user, profile, viewer_id))


def own_member(row: tuple[Any, ...]) -> SimpleNamespace:
    """The member part of a row, with the attributes of ``Member`` that permissions read."""
    role_ids = row[5]
    return SimpleNamespace(
        id=row[0],
        server_id=row[1],
        user_id=row[2],
        joined_at=_datetime(row[3]),
        nickname=row[4],
        role_ids=json.loads(role_ids) if isinstance(role_ids, str) else list(role_ids or []),
        mute_expire_at=_datetime(row[6]),
    )


async def viewer_rows(user_id: int) -> list[tuple[Any, ...]]:
    """Every member row of every server the user is in."""
    return [tuple(row) for row in await fetch_rows(_OF_VIEWER, [user_id])]


async def own_rows(user_id: int) -> list[tuple[Any, ...]]:
    """The user's own member rows, one per server they are in."""
    return [tuple(row) for row in await fetch_rows(_OWN, [user_id])]


async def server_rows(server_id: int) -> list[tuple[Any, ...]]:
    """Every member row of one server, oldest member first."""
    return [tuple(row) for row in await fetch_rows(_OF_SERVER, [server_id])]


async def rows_by_ids(member_ids: list[int]) -> list[tuple[Any, ...]]:
    """These member rows (a page of a member list), in no particular order."""
    if not member_ids:
        return []
    placeholders = ", ".join(f"${n}" for n in range(1, len(member_ids) + 1))
    return [tuple(row) for row in await fetch_rows(_SELECT + f"WHERE m.id IN ({placeholders})", member_ids)]


async def _extras(rows: list[tuple[Any, ...]]) -> dict[int, dict[str, Any]]:
    """What plugins add to the profiles of these rows' users (the worn clan): one statement per
    extending plugin, however many rows."""
    return await profile_extras({row[2] for row in rows if row[17] is not None})


async def as_dicts(rows: list[tuple[Any, ...]], viewer_id: int) -> list[dict[str, Any]]:
    """The rows' wire form (for events, which are encoded again on their way through Redis)."""
    extras = await _extras(rows)
    return [_wire(row, extras.get(row[2]), viewer_id) for row in rows]


async def as_fragments(rows: list[tuple[Any, ...]], viewer_id: int) -> list[Any]:
    """The rows' wire form for ``user:authenticated``: other members' rows as cached JSON
    fragments, the viewer's own (whose ``lastOnlineAt`` only they see) built afresh. A cached
    row is reused only while both the row and its profile extras are unchanged."""
    extras = await _extras(rows)
    out: list[Any] = []
    for row in rows:
        extra = extras.get(row[2])
        if row[2] == viewer_id:
            out.append(_wire(row, extra, viewer_id))
            continue
        cached = _cache.get(row[0])
        if cached is None or cached[0] != row or cached[1] != extra:
            if len(_cache) >= MAX_CACHED_ROWS:
                for key in list(_cache)[: MAX_CACHED_ROWS // 2]:
                    del _cache[key]
            # as text: orjson's bytes keep their 1 KB+ write buffer allocated
            cached = _cache[row[0]] = (row, extra, orjson.Fragment(orjson.dumps(_wire(row, extra, None)).decode()))
        out.append(cached[2])
    return out
