"""Reminders on messages (rest.md §11): at most 10 per user, pushed to the owner's devices."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from tortoise.exceptions import IntegrityError

from core.context import hearth
from core.db import transaction
from core.errors import bad_request
from core.identity.models import User
from core.ids import parse_id
from core.wire import ms
from plugins.messages import service as messages
from plugins.messages.models import Message
from plugins.messages.serialize import serialize_messages
from plugins.reminders.models import Reminder

MAX_REMINDERS = 10


def when(timestamp: float) -> datetime:
    try:
        return datetime.fromtimestamp(timestamp / 1000, timezone.utc)
    except (OverflowError, OSError, ValueError):
        raise bad_request("Invalid timestamp.", "timestamp") from None


async def wire_many(reminders: list[Reminder], viewer_id: int) -> list[dict[str, Any]]:
    message_ids = [r.message_id for r in reminders if r.message_id]
    rows = await Message.filter(id__in=message_ids) if message_ids else []
    serialized = {int(m["id"]): m for m in await serialize_messages(rows, viewer_id)}
    return [{"id": str(r.id), "remindAt": ms(r.remind_at), "createdAt": ms(r.created_at),
             "channelId": str(r.channel_id) if r.channel_id else None,
             "message": serialized.get(r.message_id), "post": None} for r in reminders]


async def list_for(user_id: int) -> list[dict[str, Any]]:
    return await wire_many(await Reminder.filter(created_by_id=user_id).order_by("remind_at"), user_id)


async def add(user: User, timestamp: float, message_id: str | None, post_id: str | None) -> dict[str, Any]:
    if message_id and post_id:
        raise bad_request("messageId and postId cannot be used together.")
    if post_id:
        raise bad_request("Post not found!")
    if await Reminder.filter(created_by_id=user.id).count() >= MAX_REMINDERS:
        raise bad_request("You already created the maximum amount of reminders!")
    parsed = parse_id(message_id)
    message = await Message.get_or_none(id=parsed) if parsed is not None else None
    if message is None:
        raise bad_request("Message not found!")
    await messages.load_channel(user, str(message.channel_id))  # may the user see it?
    async with transaction():
        try:
            reminder = await Reminder.create(created_by_id=user.id, message_id=message.id,
                                             channel_id=message.channel_id, remind_at=when(timestamp))
        except IntegrityError:
            raise bad_request("Reminder already exists!") from None
        wire = (await wire_many([reminder], user.id))[0]
        await hearth().gateway.emit("user:reminder_add", wire, to=str(user.id))
    return wire


async def _own(user: User, reminder_id: str) -> Reminder:
    parsed = parse_id(reminder_id)
    reminder = await Reminder.get_or_none(id=parsed, created_by_id=user.id) if parsed is not None else None
    if reminder is None:
        raise bad_request("Something went wrong. Try again later.")
    return reminder


async def update(user: User, reminder_id: str, timestamp: float) -> dict[str, Any]:
    reminder = await _own(user, reminder_id)
    reminder.remind_at = when(timestamp)
    async with transaction():
        await reminder.save(update_fields=["remind_at"])
        wire = (await wire_many([reminder], user.id))[0]
        await hearth().gateway.emit("user:reminder_update", wire, to=str(user.id))
    return wire


async def remove(user: User, reminder_id: str) -> dict[str, Any]:
    reminder = await _own(user, reminder_id)
    async with transaction():
        await reminder.delete()
        await hearth().gateway.emit("user:reminder_remove", {"id": str(reminder.id)}, to=str(user.id))
    return {"id": str(reminder.id), "createdAt": ms(reminder.created_at), "remindAt": ms(reminder.remind_at),
            "createdById": str(user.id), "postId": None,
            "messageId": str(reminder.message_id) if reminder.message_id else None,
            "channelId": str(reminder.channel_id) if reminder.channel_id else None}


