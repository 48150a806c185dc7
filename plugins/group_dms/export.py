"""Group DMs' share of "Download your data" (docs/export.md): every message of the groups the
user is in now, theirs and the other members'."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from core.identity.models import User
from core.keyset import ms, rows_by_id
from plugins.group_dms.models import GroupMember
from plugins.messages.models import Channel, Message


async def group_messages(user: User) -> AsyncIterator[dict[str, Any]]:
    group_ids = await GroupMember.filter(user_id=user.id).order_by("group_id").values_list("group_id", flat=True)
    names = dict(await Channel.filter(id__in=list(group_ids)).values_list("id", "name")) if group_ids else {}
    for group_id in group_ids:
        query = Message.filter(channel_id=group_id)
        async for row in rows_by_id(
            query, "type", "content", "created_by_id", "created_at", "edited_at", "reply_to_ids"
        ):
            yield {
                "id": str(row["id"]),
                "groupId": str(group_id),
                "groupName": names.get(group_id),
                "authorId": None if row["created_by_id"] is None else str(row["created_by_id"]),
                "type": row["type"],
                "content": row["content"],
                "createdAt": ms(row["created_at"]),
                "editedAt": ms(row["edited_at"]),
                "replyTo": [str(i) for i in row["reply_to_ids"] or []],
            }


def parts(user: User) -> list[dict[str, Any]]:
    return [{"name": "group_messages", "title": "Group DMs", "rows": group_messages(user)}]
