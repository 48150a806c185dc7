"""Which events notify whom, and what the notification says. Never pushes to the author, to a
user with a live socket (their open tab notifies them itself), nor for silent messages; server
messages notify only the users the servers plugin recorded a mention for (it already leaves out
muted servers/channels, bots, the sender and members who cannot view the channel)."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable
from typing import Any

from core.context import hearth
from core.identity.models import User
from plugins.messages.models import MentionNotification, Message
from plugins.push.sender import sender_for

log = logging.getLogger("hearth.push")
BODY_MAX = 200
USER_MENTION = re.compile(r"\[@:(\d+)\]")


async def guarded(work: Awaitable[None]) -> None:
    try:
        await work
    except Exception:
        log.exception("could not queue a push notification")


async def offline(user_ids: list[int]) -> list[int]:
    """Those of ``user_ids`` with no live socket anywhere."""
    wanted = list(dict.fromkeys(user_ids))
    if not wanted:
        return []
    answers = await hearth().plugins.gather("connected_user_ids", user_ids=wanted)
    if answers:
        online = set().union(*(set(a or ()) for a in answers))
    else:
        gateway = hearth().gateway
        online = {u for u in wanted if gateway.local_sockets(str(u))}
    return [u for u in wanted if u not in online]


async def notify(user_ids: list[int], payload: dict[str, Any]) -> None:
    targets = await offline(user_ids)
    if targets:
        sender_for().send(targets, payload)


def _preview(message: Message, names: dict[int, str]) -> str:
    text = USER_MENTION.sub(lambda m: "@" + names.get(int(m.group(1)), "user"), message.content or "")
    text = " ".join(text.split())
    if not text:
        return "Sent an attachment."
    return text if len(text) <= BODY_MAX else text[: BODY_MAX - 1] + "…"


async def message_sent(message: Message, access: Any) -> None:
    if message.created_by_id is None or message.silent:
        return
    channel = access.channel
    inbox = access.extra.get("inbox")
    notifies = access.extra.get("push")  # a kind a plugin brings says whom its messages notify
    if notifies is not None:
        recipients, url, title_suffix = list(notifies["recipients"]), notifies["url"], notifies["title_suffix"]
    elif channel.server_id is None and inbox is not None:
        if inbox.recipient_id == message.created_by_id:
            return  # saved notes
        recipients = [inbox.recipient_id]
        url = f"/app/inbox/{channel.id}"
        title_suffix = ""
    elif channel.server_id is not None:
        if not (message.mention_user_ids or message.role_mention_ids or message.mentions_everyone):
            return  # nobody can have been notified (the server kind notifies only whom a message names)
        recipients = list(await MentionNotification.filter(message_id=message.id).values_list("user_id", flat=True))
        url = f"/app/servers/{channel.server_id}/{channel.id}"
        title_suffix = f" in #{channel.name}" if channel.name else ""
    else:
        return
    recipients = [u for u in recipients if u != message.created_by_id]
    if not recipients:
        return
    mentioned = [int(u) for u in message.mention_user_ids or []][:20]
    users = {u.id: u.username for u in await User.filter(id__in=[message.created_by_id, *mentioned])}
    await notify(
        recipients,
        {
            "kind": "message",
            "title": f"{users.get(message.created_by_id, 'Someone')}{title_suffix}",
            "body": _preview(message, users),
            "url": url,
            "tag": f"channel-{channel.id}",
        },
    )


async def friend_request(user_id: int, recipient_id: int) -> None:
    sender = await User.get_or_none(id=user_id)
    if sender is None:
        return
    await notify(
        [recipient_id],
        {
            "kind": "friend_request",
            "title": "Friend request",
            "body": f"{sender.username} sent you a friend request.",
            "url": "/app/inbox",
            "tag": f"friend-{user_id}",
        },
    )


async def call_ring(channel: Any, user: User, ringing: list[int], access: Any = None) -> None:
    targets = [u for u in ringing if u != user.id]
    if not targets:
        return
    # a kind that tells push where its channels open (a group DM) is opened there; a DM in the inbox
    url = ((access.extra.get("push") or {}) if access is not None else {}).get("url") or f"/app/inbox/{channel.id}"
    await notify(
        targets,
        {
            "kind": "call",
            "title": "Incoming call",
            "body": f"{user.username} is calling you.",
            "url": url,
            "tag": f"call-{channel.id}",
        },
    )
