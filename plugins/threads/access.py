"""A member's access to a thread in one round trip: the thread row, the membership of its
server, the server and its roles each with its override in the parent channel — what every
message sent to a thread checks, as ``servers.permissions.channel_member_context`` does for a
channel (so a send in a thread costs no more statements than one in a channel)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from core.errors import ApiError
from core.identity.models import User
from core.prepared import fetch_rows
from plugins.messages.models import Channel
from plugins.servers.models import ChannelPermission, Member, Role, Server
from plugins.servers.permissions import MemberContext, load_server
from plugins.threads.models import Thread


def _columns(alias: str, model: Any) -> str:
    return ", ".join(
        f'{alias}."{column}" AS "{alias}.{column}"' for column in model._meta.fields_db_projection.values()
    )


def _instance(model: Any, alias: str, row: Any) -> Any:
    return model._init_from_db(
        **{field: row[f"{alias}.{column}"] for field, column in model._meta.fields_db_projection.items()}
    )


@lru_cache(maxsize=1)
def _thread_member_sql() -> str:
    return (
        f"SELECT {_columns('t', Thread)}, {_columns('m', Member)}, {_columns('s', Server)}, {_columns('r', Role)}, "
        f"o.permissions AS channel_bits, p.slow_mode_seconds AS parent_slow_mode FROM {Thread._meta.db_table} t "
        f"JOIN {Channel._meta.db_table} p ON p.id = t.parent_id "
        f"LEFT JOIN {Member._meta.db_table} m ON m.server_id = t.server_id AND m.user_id = $2 "
        f"LEFT JOIN {Server._meta.db_table} s ON s.id = m.server_id "
        f"LEFT JOIN {Role._meta.db_table} r ON r.server_id = m.server_id "
        f"LEFT JOIN {ChannelPermission._meta.db_table} o ON o.role_id = r.id AND o.channel_id = t.parent_id "
        "WHERE t.channel_id = $1"
    )


async def thread_member_context(user: User, thread_id: int) -> tuple[Thread, MemberContext, dict[int, int]]:
    """The thread, the user's membership of its server and the parent channel's overrides;
    403 when there is no such thread or the user is not a member of its server."""
    rows = await fetch_rows(_thread_member_sql(), [thread_id, user.id])
    if not rows:
        raise ApiError(403, "Channel does not exist.")
    thread = _instance(Thread, "t", rows[0])
    thread._parent_slow_mode = rows[0]["parent_slow_mode"]  # slow mode applies as in the parent
    if rows[0]["m.id"] is None:
        await load_server(thread.server_id)  # the precise error when the server is the problem
        raise ApiError(403, "Server member is not in this server.")
    server = _instance(Server, "s", rows[0])
    if server.scheduled_for_deletion:
        raise ApiError(403, "This server is scheduled for deletion.")
    member = _instance(Member, "m", rows[0])
    member._server = server
    roles: dict[int, Role] = {}
    overrides: dict[int, int] = {}
    for row in rows:
        if row["r.id"] is None:
            continue
        role = _instance(Role, "r", row)
        roles[role.id] = role
        if row["channel_bits"] is not None:
            overrides[role.id] = row["channel_bits"]
    return thread, MemberContext(server=server, member=member, roles=roles, user=user), overrides
