"""Who hears about a group. Only sockets that asked for ``features: ["group_dms"]`` join
``group_dms:<user id>``, and every event of a group — its messages, reactions, typing, members —
goes to the rooms of its members as they are when the event leaves: a protocol client never
hears of a group, and a removed member stops hearing at once."""

from __future__ import annotations

from typing import Any

from core.context import hearth

FEATURE = "group_dms"


def room(user_id: int | str) -> str:
    return f"group_dms:{user_id}"


def rooms(user_ids: list[int]) -> list[str]:
    return sorted({room(u) for u in user_ids})


async def tell(user_ids: list[int], event: str, data: Any) -> None:
    if user_ids:
        await hearth().gateway.emit(event, data, to=rooms(user_ids))
