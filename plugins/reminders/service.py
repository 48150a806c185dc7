"""Reminders on messages and posts (rest.md §11): at most 10 per user, pushed to the owner's
devices. Posts are the posts plugin's, asked for through the ``reminder_posts`` hook."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tortoise.exceptions import IntegrityError

from core.context import hearth
from core.db import hold, transaction
from core.errors import bad_request
from core.identity.models import User
from core.ids import parse_id
from core.wire import ms
from plugins.messages import service as messages
from plugins.messages.models import Message
from plugins.messages.wire import serialize_messages
from plugins.reminders.models import Reminder

MAX_REMINDERS = 10


def when(timestamp: float) -> datetime:
    try:
        return datetime.fromtimestamp(timestamp / 1000, UTC)
    except (OverflowError, OSError, ValueError):
        raise bad_request("Invalid timestamp.", "timestamp") from None


async def _posts(post_ids: list[int], viewer: User) -> dict[int, dict[str, Any]]:
    """The posts as the viewer sees them now (deleted, or a stub when the author blocked them)."""
    found: dict[int, dict[str, Any]] = {}
    if post_ids:
        for answer in await hearth().plugins.gather("reminder_posts", post_ids=post_ids, viewer=viewer):
            found.update(answer or {})
    return found


async def wire_many(reminders: list[Reminder], viewer: User) -> list[dict[str, Any]]:
    """Reminders with their messages, as far as the viewer may still see them: a message of a
    channel they can no longer view (made private, left, kicked) is ``null``; a post is shown as
    ``GET /posts/:id`` would show it to them (a stub once its author blocked them)."""
    message_ids = [r.message_id for r in reminders if r.message_id]
    rows = await Message.filter(id__in=message_ids) if message_ids else []
    visible = await messages.viewable_channel_ids(viewer, [m.channel_id for m in rows])
    rows = [m for m in rows if m.channel_id in visible]
    serialized = {int(m["id"]): m for m in await serialize_messages(rows, viewer.id)}
    posts = await _posts([r.post_id for r in reminders if r.post_id], viewer)
    return [
        {
            "id": str(r.id),
            "remindAt": ms(r.remind_at),
            "createdAt": ms(r.created_at),
            "channelId": str(r.channel_id) if r.channel_id else None,
            "message": serialized.get(r.message_id),
            "post": posts.get(r.post_id),
        }
        for r in reminders
    ]


async def list_for(user: User) -> list[dict[str, Any]]:
    return await wire_many(await Reminder.filter(created_by_id=user.id).order_by("remind_at"), user)


async def add(user: User, timestamp: float, message_id: str | None, post_id: str | None) -> dict[str, Any]:
    if message_id and post_id:
        raise bad_request("messageId and postId cannot be used together.")
    await _room_for_another(user)
    if post_id:
        return await _add_for_post(user, timestamp, post_id)
    parsed = parse_id(message_id)
    message = await Message.get_or_none(id=parsed) if parsed is not None else None
    if message is None:
        raise bad_request("Message not found!")
    await messages.load_channel(user, str(message.channel_id))  # may the user see it?
    return await _store(
        user,
        Reminder(
            created_by_id=user.id, message_id=message.id, channel_id=message.channel_id, remind_at=when(timestamp)
        ),
    )


async def _add_for_post(user: User, timestamp: float, post_id: str) -> dict[str, Any]:
    parsed = parse_id(post_id)
    post = None if parsed is None else (await _posts([parsed], user)).get(parsed)
    if post is None or post.get("deleted"):
        raise bad_request("Post not found!")
    if post.get("block"):
        raise bad_request("You have been blocked by this user!")
    return await _store(user, Reminder(created_by_id=user.id, post_id=parsed, remind_at=when(timestamp)))


async def _room_for_another(user: User) -> None:
    if await Reminder.filter(created_by_id=user.id).count() >= MAX_REMINDERS:
        raise bad_request("You already created the maximum amount of reminders!")


async def _store(user: User, reminder: Reminder) -> dict[str, Any]:
    """Save a new reminder (one per user and message, one per user and post) and tell the owner;
    counted again with the user's row held, so reminders added at once cannot pass the limit."""
    async with transaction():
        await hold(User, user.id)
        await _room_for_another(user)
        try:
            await reminder.save()
        except IntegrityError:
            raise bad_request("Reminder already exists!") from None
        wire = (await wire_many([reminder], user))[0]
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
        wire = (await wire_many([reminder], user))[0]
        await hearth().gateway.emit("user:reminder_update", wire, to=str(user.id))
    return wire


async def remove(user: User, reminder_id: str) -> dict[str, Any]:
    reminder = await _own(user, reminder_id)
    async with transaction():
        await reminder.delete()
        await hearth().gateway.emit("user:reminder_remove", {"id": str(reminder.id)}, to=str(user.id))
    return {
        "id": str(reminder.id),
        "createdAt": ms(reminder.created_at),
        "remindAt": ms(reminder.remind_at),
        "createdById": str(user.id),
        "postId": str(reminder.post_id) if reminder.post_id else None,
        "messageId": str(reminder.message_id) if reminder.message_id else None,
        "channelId": str(reminder.channel_id) if reminder.channel_id else None,
    }
