"""Stored connections: listing them for their owner, saving a new link (replacing the user's
previous one for that provider) and unlinking, each told to the owner's devices
(``user:connection_added`` / ``user:connection_removed``, realtime.md §5.1). Connections are
private: only their owner sees them (entities.md gives profiles none)."""

from __future__ import annotations

from typing import Any

from tortoise.exceptions import IntegrityError

from core.context import hearth
from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.ids import parse_id
from core.wire import ms
from plugins.connections.models import NAME_MAX, UserConnection
from plugins.connections.providers import GOOGLE, GOOGLE_DRIVE

MAX_PER_USER = 50  # a bound on the list; one per provider is the rule
TAKEN = "This account is already connected to another user."


def wire(connection: UserConnection) -> dict[str, Any]:
    """The reference's ``{id, provider, connectedAt}``; a generic provider's also has the
    account's ``name`` at that provider."""
    data: dict[str, Any] = {
        "id": str(connection.id),
        "provider": connection.provider,
        "connectedAt": ms(connection.connected_at),
    }
    if connection.provider not in (GOOGLE, GOOGLE_DRIVE):
        data["name"] = connection.display_name
    return data


async def list_for(user_id: int) -> list[dict[str, Any]]:
    rows = await UserConnection.filter(user_id=user_id).order_by("connected_at", "id").limit(MAX_PER_USER)
    return [wire(row) for row in rows]


async def find(user_id: int, provider: str) -> UserConnection | None:
    return await UserConnection.get_or_none(user_id=user_id, provider=provider)


async def save(
    user_id: int, provider: str, external_id: str | None, name: str | None, secret: str | None = None
) -> dict[str, Any]:
    """Link ``provider`` for the user, replacing the link they had with it."""
    room = str(user_id)
    gateway = hearth().gateway
    try:
        async with transaction():
            if (
                external_id is not None
                and await UserConnection.filter(provider=provider, external_id=external_id)
                .exclude(user_id=user_id)
                .exists()
            ):
                raise bad_request(TAKEN)
            previous = await find(user_id, provider)
            if previous is not None:
                await previous.delete()
                await gateway.emit("user:connection_removed", {"connectionId": str(previous.id)}, to=room)
            connection = await UserConnection.create(
                user_id=user_id,
                provider=provider,
                external_id=external_id,
                display_name=(name or "")[:NAME_MAX] or None,
                secret=secret,
            )
            data = wire(connection)
            await gateway.emit("user:connection_added", {"connection": data}, to=room)
    except IntegrityError:  # the same external account linked by someone else at this moment
        raise bad_request(TAKEN) from None
    return data


async def remove(connection: UserConnection) -> None:
    async with transaction():
        await connection.delete()
        await hearth().gateway.emit(
            "user:connection_removed", {"connectionId": str(connection.id)}, to=str(connection.user_id)
        )


async def own(user: User, connection_id: str) -> UserConnection:
    parsed = parse_id(connection_id)
    connection = await UserConnection.get_or_none(id=parsed, user_id=user.id) if parsed is not None else None
    if connection is None:
        raise ApiError(404, "Connection not found.")
    return connection
