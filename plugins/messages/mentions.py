"""The inbox of mentions (rest.md §1.27, entities.md §5.3 MessageNotification).

A row per user mentioned in a server channel message, written in one batch where the server
channel kind counts mentions (only for members who can view the channel, not bots, not muted);
webhook messages write none. Rows go with their message (foreign key cascade).
``GET /users/notifications`` answers the 20 newest and deletes the older ones. Which of them the
user may still see — member of the server, channel still visible — is asked of the servers
plugin through the ``mention_context`` hook, in a fixed number of queries.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from plugins.messages.kinds import kind_for
from plugins.messages.models import Channel, MentionNotification, Message
from plugins.messages.wire import serialize_messages

KEEP = 20


async def record_mentions(message: Message, server_id: int | None, user_ids: Iterable[int]) -> None:
    """One notification per mentioned user (batched); none for webhook or authorless messages."""
    if message.created_by_id is None or message.webhook_id is not None:
        return
    wanted = list(dict.fromkeys(int(u) for u in user_ids if int(u) != message.created_by_id))
    if not wanted:
        return
    await MentionNotification.bulk_create(
        [
            MentionNotification(
                user_id=user_id, message_id=message.id, server_id=server_id, created_at=message.created_at
            )
            for user_id in wanted
        ]
    )


async def _contexts(
    user_id: int, channel_ids_by_server: dict[int, list[int]]
) -> tuple[dict[int, dict[str, Any]], bool]:
    """The answers merged, and whether any plugin answered at all."""
    if not channel_ids_by_server:
        return {}, False
    merged: dict[int, dict[str, Any]] = {}
    answers = await hearth().plugins.gather(
        "mention_context", user_id=user_id, channel_ids_by_server=channel_ids_by_server
    )
    for answer in answers:
        for server_id, context in (answer or {}).items():
            merged[int(server_id)] = context
    return merged, bool(answers)


async def _direct_visible(user: User, channels: list[Channel]) -> set[int]:
    """Channels without a server (none get notifications today): checked through their kind."""
    visible = set()
    for channel in channels:
        try:
            await kind_for(channel).access(user, channel)
        except ApiError:
            continue
        visible.add(channel.id)
    return visible


async def user_notifications(user: User) -> list[dict[str, Any]]:
    rows = await MentionNotification.filter(user_id=user.id).order_by("-id").limit(KEEP)
    if not rows:
        return []
    if len(rows) == KEEP:
        await MentionNotification.filter(user_id=user.id, id__lt=rows[-1].id).delete()
    messages = {m.id: m for m in await Message.filter(id__in={r.message_id for r in rows})}
    channels = {c.id: c for c in await Channel.filter(id__in={m.channel_id for m in messages.values()}, deleting=False)}
    by_server: dict[int, list[int]] = {}
    for channel in channels.values():
        if channel.server_id is not None:
            by_server.setdefault(channel.server_id, []).append(channel.id)
    contexts, answered = await _contexts(user.id, by_server)
    visible = await _direct_visible(user, [c for c in channels.values() if c.server_id is None])
    for context in contexts.values():
        visible |= {int(c) for c in context.get("channelIds", [])}

    # A server the user has left takes its notifications with it (upstream cascades on the member
    # row); with no servers plugin to ask, they are only hidden.
    left = {server_id for server_id in by_server if server_id not in contexts} if answered else set()
    if left:
        await MentionNotification.filter(user_id=user.id, server_id__in=left).delete()

    shown = [r for r in rows if r.message_id in messages and messages[r.message_id].channel_id in visible]
    wires = {m["id"]: m for m in await serialize_messages([messages[r.message_id] for r in shown], user.id)}
    result = []
    for row in shown:
        channel = channels[messages[row.message_id].channel_id]
        context = contexts.get(channel.server_id) if channel.server_id is not None else None
        result.append(
            {
                "id": str(row.id),
                "server": context["server"] if context else None,
                "serverMember": context["serverMember"] if context else None,
                "message": wires.get(str(row.message_id)),
            }
        )
    return result
