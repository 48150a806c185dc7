"""The messages plugin's slice of ``user:authenticated``: unread mention counters and
last-seen times of server channels (two queries whatever the user's size)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from tortoise.functions import Count

from core.wire import ms, public_user
from plugins.messages.kinds import types_hidden_from
from plugins.messages.models import Attachment, MentionCounter, ReadState


async def read_state(user_id: int, features: frozenset[str] = frozenset()) -> dict[str, Any]:
    """``features``: what the socket asked for; channels of kinds needing another are left out."""
    counter_rows = MentionCounter.filter(user_id=user_id, count__gt=0)
    seen_rows = ReadState.filter(user_id=user_id)
    hidden = types_hidden_from(features)
    if hidden:
        counter_rows = counter_rows.exclude(channel__type__in=hidden)
        seen_rows = seen_rows.exclude(channel__type__in=hidden)
    counters = await counter_rows.select_related("mentioned_by")
    seen = await seen_rows.values_list("channel_id", "last_seen")
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
