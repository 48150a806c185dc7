"""Thread rules: create one from a message, list a channel's threads, rename, archive, lock,
delete, follow; archive after inactivity; webhooks posting into a thread."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise.exceptions import IntegrityError

from core.db import hold, transaction
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.ids import parse_id
from core.wire import ms
from plugins.messages import service as messages
from plugins.messages.kinds import Access
from plugins.messages.models import CONTENT, SERVER_TEXT, Channel, Message
from plugins.servers.permissions import MemberContext
from plugins.threads import follow, live
from plugins.threads.models import AUTO_ARCHIVE_MINUTES, THREAD, Thread, ThreadMember
from plugins.threads.pagesql import thread_page
from plugins.threads.paging import before_time, page_limit
from plugins.threads.permissions import is_moderator, require_create, require_moderator

PAGE_SIZE, MAX_PAGE = 25, 100
MAX_ACTIVE_PER_CHANNEL = 1000
MAX_FOLLOWED_LISTED = 200
ARCHIVE_BATCH = 500
MINUTES_TEXT = "autoArchiveMinutes must be one of 60, 1440, 4320 or 10080."


def now() -> datetime:
    return datetime.now(UTC)


def thread_wire(thread: Thread, channel: Channel, following: bool | None = None) -> dict[str, Any]:
    wire = {
        "id": str(thread.channel_id),
        "type": THREAD,
        "name": thread.name,
        "serverId": str(thread.server_id),
        "parentId": str(thread.parent_id),
        "starterMessageId": str(thread.starter_message_id) if thread.starter_message_id else None,
        "createdById": str(thread.created_by_id) if thread.created_by_id else None,
        "archived": thread.archived,
        "archivedAt": ms(thread.archived_at),
        "locked": thread.locked,
        "autoArchiveMinutes": thread.auto_archive_minutes,
        "lastMessagedAt": ms(channel.last_messaged_at),
        "createdAt": ms(thread.created_at),
    }
    if following is not None:
        wire["following"] = following
    return wire


def _minutes(value: int | None, default: int) -> int:
    if value is None:
        return default
    if value not in AUTO_ARCHIVE_MINUTES:
        raise bad_request(MINUTES_TEXT, "autoArchiveMinutes")
    return value


async def parent_access(user: User, channel_id: str, listing: bool = False) -> Access:
    """The channel a thread hangs from: a server text channel the user can view. Listing also
    takes a channel whose kind starts threads of its own (``holds_threads``: forums' posts)."""
    access = await messages.load_channel(user, channel_id)
    if access.channel.type != SERVER_TEXT and not (listing and getattr(access.kind, "holds_threads", False)):
        raise bad_request("Threads can only be created in server text channels.", "channelId")
    return access


async def create(user: User, body: Any) -> dict[str, Any]:
    parent = await parent_access(user, body.channelId)
    ctx: MemberContext = parent.extra["ctx"]
    require_create(ctx, parent.extra["overrides"])
    if ctx.muted:
        raise ApiError(403, "You are muted in this server.")
    name = body.name.strip()
    if not name:
        raise bad_request("name length must be between 1 and 100 characters.", "name")
    minutes = _minutes(body.autoArchiveMinutes, 1440)
    starter = None
    if body.messageId is not None:
        message_id = parse_id(body.messageId)
        starter = (
            await Message.get_or_none(id=message_id, channel_id=parent.channel.id) if message_id is not None else None
        )
        if starter is None or starter.type != CONTENT:
            raise bad_request("Message not found!", "messageId")
    thread, channel = await start_thread(user, parent, name, minutes, starter.id if starter else None)
    return thread_wire(thread, channel, following=True)


async def start_thread(
    user: User, parent: Access, name: str, minutes: int, starter_id: int | None = None, on_created: Any = None
) -> tuple[Thread, Channel]:
    """A new thread of ``parent`` (a channel the caller may create threads in: the caller
    checked), followed by its creator, announced to the parent's audience. Other plugins start
    threads of their own channels through this (forums: a post). ``on_created(thread, channel)``
    runs inside the creating transaction, before ``thread:created`` is queued."""
    ctx: MemberContext = parent.extra["ctx"]
    created_at = now()
    try:
        async with transaction():
            await hold(Channel, parent.channel.id)  # counted under the parent's row: no limit passed together
            if await Thread.filter(parent_id=parent.channel.id, archived=False).count() >= MAX_ACTIVE_PER_CHANNEL:
                raise bad_request("This channel has too many active threads.")
            channel = await Channel.create(
                type=THREAD, name=name, server_id=None, created_by_id=user.id, last_messaged_at=created_at
            )
            thread = await Thread.create(
                channel_id=channel.id,
                parent_id=parent.channel.id,
                server_id=ctx.server.id,
                starter_message_id=starter_id,
                name=name,
                created_by_id=user.id,
                auto_archive_minutes=minutes,
                created_at=created_at,
            )
            await ThreadMember.create(thread_id=channel.id, user_id=user.id, following=True, last_seen=created_at)
            if on_created is not None:
                await on_created(thread, channel)
            await live.to_parent_audience(parent.channel.id, "thread:created", {"thread": thread_wire(thread, channel)})
    except IntegrityError:
        raise bad_request("This message already has a thread.", "messageId") from None
    await live.to_user(user.id, "thread:follow_updated", {"threadId": str(channel.id), "following": True})
    return thread, channel


async def list_threads(user: User, channel_id: str | None, args: Any) -> dict[str, Any]:
    if not channel_id:
        raise bad_request("channelId is required.", "channelId")
    parent = await parent_access(user, channel_id, listing=True)
    archived = args.get("archived") == "true"
    limit, before = page_limit(args.get("limit"), PAGE_SIZE, MAX_PAGE), before_time(args.get("before"))
    rows = await thread_page(parent.channel.id, user.id, archived, before, limit + 1)
    return {
        "threads": [thread_wire(thread, channel, following) for thread, channel, following in rows[:limit]],
        "hasMore": len(rows) > limit,
    }


async def followed(user: User) -> list[dict[str, Any]]:
    """The threads the user follows and can still see, newest activity first, with their unread
    state: the sidebar's list under each channel."""
    members = (
        await ThreadMember.filter(user_id=user.id, following=True)
        .select_related("thread")
        .order_by("-thread__last_messaged_at")
        .limit(MAX_FOLLOWED_LISTED)
    )
    threads = {t.channel_id: t for t in await Thread.filter(channel_id__in=[m.thread_id for m in members])}
    visible = await messages.viewable_channel_ids(user, list({t.parent_id for t in threads.values()}))
    result = []
    for m in members:
        thread = threads.get(m.thread_id)
        if thread is None or thread.parent_id not in visible:
            continue
        channel = m.thread
        unread = channel.last_messaged_at is not None and channel.last_messaged_at > m.last_seen
        result.append(
            {**thread_wire(thread, channel, following=True), "unread": unread, "mentionCount": m.mention_count}
        )
    return result


async def thread_access(user: User, thread_id: str) -> Access:
    access = await messages.load_channel(user, thread_id)
    if access.channel.type != THREAD:
        raise ApiError(403, "Channel does not exist.")
    return access


async def get(user: User, thread_id: str) -> dict[str, Any]:
    access = await thread_access(user, thread_id)
    thread: Thread = access.extra["thread"]
    following = await ThreadMember.exists(thread_id=thread.channel_id, user_id=user.id, following=True)
    return thread_wire(thread, access.channel, following=following)


async def announce_update(thread: Thread, updated: dict[str, Any]) -> None:
    await live.to_parent_audience(
        thread.parent_id,
        "thread:updated",
        {"threadId": str(thread.channel_id), "channelId": str(thread.parent_id), "updated": updated},
    )


async def update(user: User, thread_id: str, body: Any) -> dict[str, Any]:
    access = await thread_access(user, thread_id)
    thread: Thread = access.extra["thread"]
    ctx: MemberContext = access.extra["ctx"]
    moderator = is_moderator(ctx)
    own = thread.created_by_id == user.id
    if body.locked is not None or (thread.locked and not moderator):
        require_moderator(ctx)
    if not own and not moderator:
        raise ApiError(403, "Missing Manage Channels permission")
    changes: dict[str, Any] = {}
    if body.name is not None:
        name = body.name.strip()
        if not name:
            raise bad_request("name length must be between 1 and 100 characters.", "name")
        changes["name"] = name
    if body.autoArchiveMinutes is not None:
        changes["auto_archive_minutes"] = _minutes(body.autoArchiveMinutes, thread.auto_archive_minutes)
    if body.locked is not None:
        changes["locked"] = body.locked
    if body.archived is not None and body.archived != thread.archived:
        changes["archived"] = body.archived
        changes["archived_at"] = now() if body.archived else None
    if not changes:
        return thread_wire(thread, access.channel)
    for key, value in changes.items():
        setattr(thread, key, value)
    async with transaction():
        await Thread.filter(channel_id=thread.channel_id).update(**changes)
        if "name" in changes:
            await Channel.filter(id=thread.channel_id).update(name=changes["name"])
        wire = thread_wire(thread, access.channel)
        await announce_update(thread, {key: wire[key] for key in _wire_keys(changes)})
    return wire


async def rename(thread: Thread, name: str) -> None:
    """Another plugin renames a thread it checked (forums: a post's title), in the caller's
    transaction: saved on the thread and its channel, announced as ``thread:updated``."""
    thread.name = name
    await Thread.filter(channel_id=thread.channel_id).update(name=name)
    await Channel.filter(id=thread.channel_id).update(name=name)
    await announce_update(thread, {"name": name})


def _wire_keys(changes: dict[str, Any]) -> list[str]:
    names = {"name": "name", "auto_archive_minutes": "autoArchiveMinutes", "locked": "locked"}
    keys = [names[k] for k in changes if k in names]
    if "archived" in changes:
        keys += ["archived", "archivedAt"]
    return keys


async def delete(user: User, thread_id: str) -> None:
    access = await thread_access(user, thread_id)
    thread: Thread = access.extra["thread"]
    require_moderator(access.extra["ctx"])
    async with transaction():
        await live.to_parent_audience(
            thread.parent_id, "thread:deleted", {"threadId": str(thread.channel_id), "channelId": str(thread.parent_id)}
        )
        await Channel.filter(id=thread.channel_id).delete()  # its messages, thread row and followers go with it


async def set_following(user: User, thread_id: str, following: bool) -> dict[str, Any]:
    access = await thread_access(user, thread_id)
    await follow.set_following(access.extra["thread"], user.id, following)
    return {"threadId": str(access.channel.id), "following": following}


# --- archive after inactivity ------------------------------------------------------------------


async def archive_inactive() -> int:
    """Archive threads whose last message (or creation) is older than their auto-archive time;
    at most ARCHIVE_BATCH per duration a round. Safe on several processes at once: a thread
    archived twice is announced twice, with the same state."""
    archived = 0
    at = now()
    for minutes in AUTO_ARCHIVE_MINUTES:
        cutoff = at - timedelta(minutes=minutes)
        due = await Thread.filter(
            archived=False, auto_archive_minutes=minutes, channel__last_messaged_at__lt=cutoff
        ).limit(ARCHIVE_BATCH)
        if not due:
            continue
        async with transaction():
            await Thread.filter(channel_id__in=[t.channel_id for t in due], archived=False).update(
                archived=True, archived_at=at
            )
            for thread in due:
                thread.archived, thread.archived_at = True, at
                await announce_update(thread, {"archived": True, "archivedAt": ms(at)})
        archived += len(due)
    return archived


# --- other plugins -----------------------------------------------------------------------------


async def remove_threads_of(channel_ids: list[int]) -> None:
    """Parent channels are being deleted: their threads' channels (and messages) go too."""
    thread_ids = list(await Thread.filter(parent_id__in=channel_ids).values_list("channel_id", flat=True))
    if thread_ids:
        await Channel.filter(id__in=thread_ids).delete()


async def webhook_thread(channel: Channel, thread_id: str) -> Channel:
    """The thread of ``channel`` a webhook posts into (``?thread_id=``): an archived one wakes up,
    a locked one refuses."""
    parsed = parse_id(thread_id)
    thread = (
        await Thread.get_or_none(channel_id=parsed, parent_id=channel.id).select_related("channel")
        if parsed is not None
        else None
    )
    if thread is None:
        raise bad_request("Thread does not exist.", "thread_id")
    if thread.locked:
        raise ApiError(403, "This thread is locked.")
    if thread.archived:
        from plugins.threads.kind import unarchive_on_message

        async with transaction():
            await unarchive_on_message(thread)
    return thread.channel
