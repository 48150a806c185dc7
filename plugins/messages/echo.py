"""The ``socketId`` of a message send (rest.md §3.7): the sender's own socket gets the event once,
with ``socketId`` set, so it can tell it apart from what it already showed.

The id comes from the client, so it is never used as a destination as such: it could name any
room (a user, a server, a channel). Each socket joins a room of its own that carries its user's
id (:func:`own_room`); the echo goes to that room, which exists only when the id names a live
socket of the sender, on whichever process holds it."""

from __future__ import annotations

from typing import Any

from core.identity.models import User


def own_room(user_id: int | str, sid: str) -> str:
    return f"own:{user_id}:{sid}"


async def join_own_room(ctx: Any) -> None:
    await ctx.join(own_room(ctx.user.id, ctx.sid))


def echo_room(gateway: Any, sender: User, socket_id: Any) -> str | None:
    """Where the ``socketId`` echo goes, or None when the id is to be ignored.

    A socket of this process is checked directly. Without Redis every socket is on this
    process, so an unknown id is ignored; with Redis it may be the sender's socket on another
    process: the echo then goes to its own room (empty unless it is the sender's), and the
    id is skipped in the broadcast (socket ids are random and only ever sent to their own
    socket, so naming someone else's is not possible in practice)."""
    if not isinstance(socket_id, str) or not socket_id:
        return None
    local = gateway.sockets.get(socket_id)
    if local is not None:
        return own_room(sender.id, socket_id) if local.user.id == sender.id else None
    return own_room(sender.id, socket_id) if gateway.redis_url else None
