"""Server channels of a kind only some clients understand: a channel kind another plugin brings
with a ``feature`` (plugins/messages/kinds.py; forums' type 15 needs ``threads``) is left out of
what servers sends a socket that did not ask for that feature — the channel lists of
``user:authenticated`` and ``server:joined``, and the ``server:channel_*`` events — so a
protocol client never meets a channel type it does not know (docs/protocol-extensions.md)."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from plugins.messages.kinds import types_hidden_from

SPLIT = "servers:deliver_split"


def hidden_types(features: frozenset[str]) -> set[int]:
    return set(types_hidden_from(features))


def any_hidden(channel_types: list[int]) -> bool:
    """Whether some client may not see one of these channel types (the usual answer: no)."""
    return bool(set(channel_types) & hidden_types(frozenset()))


def visible_channels(channels: list[dict[str, Any]], features: frozenset[str]) -> list[dict[str, Any]]:
    """The channel rows (wire shape) of the kinds a socket with ``features`` understands."""
    hidden = hidden_types(features)
    return [c for c in channels if c.get("type") not in hidden] if hidden else channels


async def emit_about_channels(event: str, data: Any, room: str, channel_types: list[int], plain: Any = None) -> None:
    """``event`` to ``room``: ``data`` to the sockets that understand every type in
    ``channel_types``; the others get ``plain`` (nothing when it is None). An event about channels
    every client understands goes to the room as usual."""
    if not any_hidden(channel_types):
        await hearth().gateway.emit(event, data, to=room)
        return
    body = {"room": room, "event": event, "data": data, "plain": plain, "types": sorted(set(channel_types))}
    await hearth().gateway.everywhere(SPLIT, body)


async def _deliver_local(body: dict[str, Any]) -> None:
    gateway = hearth().gateway
    types = set(body["types"])
    full, plain = [], []
    for socket in gateway.local_sockets(body["room"]):
        (plain if types & hidden_types(socket.features) else full).append(socket.sid)
    if full:
        await gateway.sio.emit(body["event"], body["data"], to=full, ignore_queue=True)
    if plain and body.get("plain") is not None:
        await gateway.sio.emit(body["event"], body["plain"], to=plain, ignore_queue=True)


def install(gateway: Any) -> None:
    gateway.on_everywhere(SPLIT, _deliver_local)
