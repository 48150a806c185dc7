"""Connections' share of "Download your data" (docs/export.md): linked accounts, never their
stored secret."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from core.identity.models import User
from core.keyset import ms, rows_by_id
from plugins.connections.models import UserConnection


async def linked(user: User) -> AsyncIterator[dict[str, Any]]:
    query = UserConnection.filter(user_id=user.id)
    async for row in rows_by_id(query, "provider", "external_id", "display_name", "connected_at"):
        yield {
            "provider": row["provider"],
            "externalId": row["external_id"],
            "displayName": row["display_name"],
            "connectedAt": ms(row["connected_at"]),
        }


def parts(user: User) -> list[dict[str, Any]]:
    return [{"name": "linked_accounts", "title": "Linked accounts", "rows": linked(user)}]
