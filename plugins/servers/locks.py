"""Writes that count or number a server's rows (roles, channels, welcome questions) first hold
the server's row, inside their transaction. Two such writes at once then take turns: the second
counts the first's row, so each gets a place of its own and no limit is passed by two requests
together."""

from __future__ import annotations

from plugins.servers.models import Server


async def hold_server(server_id: int) -> None:
    """Lock the server's row until the transaction ends (PostgreSQL; SQLite runs one write
    transaction at a time anyway). ``FOR NO KEY UPDATE`` does not hold up rows that refer to
    the server, so members keep joining meanwhile. A model query, not ``values_list``: Tortoise
    leaves the lock out of those."""
    await Server.filter(id=server_id).select_for_update(no_key=True).only("id").first()
