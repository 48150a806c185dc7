"""Friends' share of "Download your data" (docs/export.md): friends, requests and blocks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from core.identity.models import User
from core.keyset import ms, rows_by_id
from plugins.friends.models import Friend

STATUS = {
    Friend.SENT: "request_sent",
    Friend.PENDING: "request_received",
    Friend.FRIENDS: "friend",
    Friend.BLOCKED: "blocked",
}


async def relations(user: User) -> AsyncIterator[dict[str, Any]]:
    query = Friend.filter(user_id=user.id)
    async for row in rows_by_id(query, "recipient_id", "recipient__username", "recipient__tag", "status", "created_at"):
        yield {
            "userId": str(row["recipient_id"]),
            "username": row["recipient__username"],
            "tag": row["recipient__tag"],
            "relation": STATUS.get(row["status"], str(row["status"])),
            "since": ms(row["created_at"]),
        }


def parts(user: User) -> list[dict[str, Any]]:
    return [{"name": "friends", "title": "Friends, requests and blocks", "rows": relations(user)}]
