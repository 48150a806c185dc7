"""Removing what users wrote in the last 7 hours (a suspension's ``deleteRecentMessages``, a
shadow ban): their messages in every channel and their files (with the messages plugin, which is
optional), and their posts through the ``moderation_delete_recent_posts`` hook."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core.context import hearth
from core.db import after_commit
from core.ids import EPOCH_MS

RECENT = timedelta(hours=7)


def first_id_at(at: datetime) -> int:
    """The smallest flake id minted at or after ``at``: message ids carry their time."""
    return max(int(at.timestamp() * 1000) - EPOCH_MS, 0) << 22


async def delete_recent(user_ids: list[int], announce: bool) -> int:
    """Delete; with ``announce`` each server the messages were in gets ``message:deleted_batch``
    (rest.md §4.6's shape) for each author. Runs inside the caller's transaction; returns how
    many messages went."""
    if not user_ids:
        return 0
    until = datetime.now(UTC)
    since = until - RECENT
    if not hearth().plugins.enabled("messages"):
        await hearth().plugins.gather("moderation_delete_recent_posts", user_ids=user_ids, since=since)
        return 0
    from plugins.messages.models import Attachment, Channel, Message

    recent = Message.filter(created_by_id__in=user_ids, id__gte=first_id_at(since))
    touched = await recent.distinct().values_list("channel_id", "created_by_id")
    if not touched:
        await hearth().plugins.gather("moderation_delete_recent_posts", user_ids=user_ids, since=since)
        return 0
    files = list(
        await Attachment.filter(
            message__created_by_id__in=user_ids, message__id__gte=first_id_at(since), path__not_isnull=True
        ).values_list("path", flat=True)
    )
    count = await recent.delete()
    if announce:
        servers = dict(
            await Channel.filter(id__in={c for c, _ in touched}, server_id__not_isnull=True).values_list(
                "id", "server_id"
            )
        )
        pairs = {(servers[channel], author) for channel, author in touched if channel in servers}
        for server_id, author in sorted(pairs):
            await hearth().gateway.emit(
                "message:deleted_batch",
                {
                    "userId": str(author),
                    "serverId": str(server_id),
                    "fromTime": int(until.timestamp() * 1000),
                    "toTime": int(since.timestamp() * 1000),
                },
                to=str(server_id),
            )
    await hearth().plugins.gather("moderation_delete_recent_posts", user_ids=user_ids, since=since)
    storage = hearth().storage

    async def remove_files() -> None:
        for path in files:
            await storage.delete(path)

    await after_commit(remove_files)
    return count
