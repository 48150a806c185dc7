"""``user:request_server_members {serverId}`` (realtime.md §4.5): the member list of one server
for a socket in partial mode."""

from __future__ import annotations

from typing import Any

from core.ids import parse_id
from plugins.servers import memberrows
from plugins.servers.models import Member

REMEMBERED = 10  # servers per socket whose members were already sent


async def request_server_members(ctx: Any, data: Any = None) -> None:
    """Ignored when the socket already fetched the server (its last 10 are remembered) or the
    user is not a member; otherwise ``server:members_fetched {serverId, members}`` to this
    socket. Upstream sends that zstd-compressed; Hearth sends the plain object, as it does
    for ``user:authenticated`` (no zstd codec in the standard library)."""
    server_id = parse_id(data.get("serverId")) if isinstance(data, dict) else None
    if server_id is None:
        return
    if not await Member.exists(server_id=server_id, user_id=ctx.user.id):
        return
    fetched: list[int] = ctx.state.setdefault("fetchedServerMembers", [])
    if server_id in fetched:
        return
    fetched.append(server_id)
    del fetched[:-REMEMBERED]
    members = await memberrows.as_dicts(await memberrows.server_rows(server_id), ctx.user.id)
    await ctx.emit("server:members_fetched", {"serverId": str(server_id), "members": members})
