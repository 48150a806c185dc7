"""The messages plugin's slice of ``user:authenticated``: unread mention counters and
last-seen times of server channels (two queries whatever the user's size)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from tortoise.functions import Count

from core.wire import ms, public_user
from plugins.messages.models import Attachment, MentionCounter, ReadState


async def read_state(user_id: int) -> dict[str, Any]:
    counters = await MentionCounter.filter(user_id=user_id, count__gt=0).select_related("mentioned_by")
    seen = await ReadState.filter(user_id=user_id).values_list("channel_id", "last_seen")
    return {
        "messageMentions": [
            {
                "mentionedById": str(c.mentioned_by_id) if c.mentioned_by_id else None,
                "mentionedBy": public_user(c.mentioned_by) if c.mentioned_by_id else None,
                "createdAt": ms(c.created_at),
                "channelId": str(c.channel_id),
                "serverId": str(c.server_id) if c.server_id else None,
                "count": c.count,
            }
            for c in counters
        ],
        "lastSeenServerChannelIds": {str(channel_id): ms(last_seen) for channel_id, last_seen in seen},
    }


async def attachment_counts(channel_ids: list[int]) -> dict[int, int]:
    """``{channel_id: number of message attachments}`` for many channels in one query."""
    counts: dict[int, int] = defaultdict(int)
    if channel_ids:
        for row in (
            await Attachment.filter(channel_id__in=channel_ids, message_id__not_isnull=True)
            .annotate(n=Count("id"))
            .group_by("channel_id")
            .values("channel_id", "n")
        ):
            counts[row["channel_id"]] = row["n"]
    return counts
