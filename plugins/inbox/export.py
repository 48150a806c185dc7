"""The inbox's share of "Download your data" (docs/export.md): every message of the user's DMs,
theirs and the other person's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from core.identity.models import User
from core.keyset import ms, rows_by_id
from plugins.inbox.models import Inbox
from plugins.messages.models import Message


async def direct_messages(user: User) -> AsyncIterator[dict[str, Any]]:
    dms = await Inbox.filter(created_by_id=user.id).order_by("channel_id").values("channel_id", "recipient_id")
    for dm in dms:
        query = Message.filter(channel_id=dm["channel_id"])
        async for row in rows_by_id(
            query, "type", "content", "created_by_id", "created_at", "edited_at", "reply_to_ids"
        ):
            yield {
                "id": str(row["id"]),
                "channelId": str(dm["channel_id"]),
                "withUserId": str(dm["recipient_id"]),
                "authorId": None if row["created_by_id"] is None else str(row["created_by_id"]),
                "type": row["type"],
                "content": row["content"],
                "createdAt": ms(row["created_at"]),
                "editedAt": ms(row["edited_at"]),
                "replyTo": [str(i) for i in row["reply_to_ids"] or []],
            }


def parts(user: User) -> list[dict[str, Any]]:
    return [{"name": "direct_messages", "title": "Direct messages", "rows": direct_messages(user)}]
