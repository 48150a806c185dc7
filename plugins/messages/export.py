"""The messages plugin's share of "Download your data" (the data_export plugin's hook,
docs/export.md): the user's own messages in every channel they can still view, their reactions,
and their mention notifications."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from core.identity.models import User
from core.keyset import ms, rows_by_id
from plugins.messages.models import Attachment, Channel, MentionNotification, Message, Reaction
from plugins.messages.service import viewable_channel_ids

PAGE = 1000
MESSAGE_FIELDS = ["id", "channel_id", "type", "content", "created_at", "edited_at", "pinned", "reply_to_ids"]


class _Seen:
    """The channels the user can still view among those the parts meet, found once per export."""

    def __init__(self, user: User):
        self.user = user
        self._channels: dict[int, dict[str, Any]] | None = None

    async def channels(self) -> dict[int, dict[str, Any]]:
        if self._channels is None:
            met = {
                *await Message.filter(created_by_id=self.user.id).distinct().values_list("channel_id", flat=True),
                *await Reaction.filter(user_id=self.user.id).distinct().values_list("message__channel_id", flat=True),
                *await MentionNotification.filter(user_id=self.user.id)
                .distinct()
                .values_list("message__channel_id", flat=True),
            }
            seen = await viewable_channel_ids(self.user, [int(c) for c in met])
            rows = await Channel.filter(id__in=list(seen)).values("id", "name", "type", "server_id") if seen else []
            self._channels = {row["id"]: row for row in rows}
        return self._channels


async def own_messages(user: User, seen: _Seen) -> AsyncIterator[dict[str, Any]]:
    channels = await seen.channels()
    for channel_id in sorted(channels):
        channel = channels[channel_id]
        after = 0
        while True:
            page = (
                await Message.filter(channel_id=channel_id, created_by_id=user.id, id__gt=after)
                .order_by("id")
                .limit(PAGE)
                .values(*MESSAGE_FIELDS)
            )
            if not page:
                break
            files = await _attachments([row["id"] for row in page])
            for row in page:
                yield {
                    "id": str(row["id"]),
                    "channelId": str(channel_id),
                    "channelName": channel["name"],
                    "serverId": None if channel["server_id"] is None else str(channel["server_id"]),
                    "type": row["type"],
                    "content": row["content"],
                    "createdAt": ms(row["created_at"]),
                    "editedAt": ms(row["edited_at"]),
                    "pinned": row["pinned"],
                    "replyTo": [str(i) for i in row["reply_to_ids"] or []],
                    "attachments": files.get(row["id"], []),
                }
            if len(page) < PAGE:
                break
            after = page[-1]["id"]


async def _attachments(message_ids: list[int]) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for message_id, path in await Attachment.filter(message_id__in=message_ids).values_list("message_id", "path"):
        if path:
            found.setdefault(message_id, []).append(path)
    return found


async def own_reactions(user: User, seen: _Seen) -> AsyncIterator[dict[str, Any]]:
    channel_ids = list(await seen.channels())
    query = Reaction.filter(user_id=user.id, message__channel_id__in=channel_ids)
    async for row in rows_by_id(query, "message_id", "name", "emoji_key", "created_at"):
        yield {
            "messageId": str(row["message_id"]),
            "name": row["name"],
            "emojiId": row["emoji_key"] or None,
            "createdAt": ms(row["created_at"]),
        }


async def mentions(user: User, seen: _Seen) -> AsyncIterator[dict[str, Any]]:
    channel_ids = list(await seen.channels())
    query = MentionNotification.filter(user_id=user.id, message__channel_id__in=channel_ids)
    async for row in rows_by_id(query, "message_id", "server_id", "created_at"):
        yield {
            "messageId": str(row["message_id"]),
            "serverId": None if row["server_id"] is None else str(row["server_id"]),
            "createdAt": ms(row["created_at"]),
        }


def parts(user: User) -> list[dict[str, Any]]:
    seen = _Seen(user)
    return [
        {"name": "messages", "title": "Your messages in channels you can still see", "rows": own_messages(user, seen)},
        {"name": "reactions", "title": "Your reactions", "rows": own_reactions(user, seen)},
        {"name": "mentions", "title": "Mentions of you", "rows": mentions(user, seen)},
    ]
