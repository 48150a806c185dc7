"""The THREAD channel kind: a thread's messages go through the messages plugin like any
channel's; this answers who may see and write them (the parent channel's rules, plus lock), where
their events go (the parent's audience, opted-in sockets only: ``live.py``) and what a message
changes (its sender follows the thread, the people it names follow it and count a mention)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from core import features
from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.prepared import Statement
from plugins.messages.kinds import Access, Sending
from plugins.messages.models import Channel, Message
from plugins.servers.permissions import MemberContext, can_send, can_view
from plugins.threads import follow, live
from plugins.threads.access import thread_member_context
from plugins.threads.models import Thread
from plugins.threads.permissions import is_moderator


class ThreadChannels:
    holds_messages = True  # its channels carry messages (plugins/messages/kinds.py)
    feature = "threads"  # Hearth's own: left out of what messages sends a socket that did not ask

    async def access(self, user: User, channel: Channel) -> Access:
        if not features.asked_unless_elsewhere(live.FEATURE):
            raise ApiError(403, "Channel does not exist.")
        thread, ctx, overrides = await thread_member_context(user, channel.id)
        if not can_view(ctx, overrides):
            raise ApiError(403, "This channel is private.")
        manage = is_moderator(ctx)
        channel._thread_parent_id = thread.parent_id  # for ``deliver``, without another query
        return Access(
            channel=channel,
            kind=self,
            server_id=thread.server_id,
            can_manage_messages=manage,
            can_pin=manage,
            extra={"ctx": ctx, "overrides": overrides, "thread": thread},
        )

    async def rooms(self, channel: Channel) -> list[str]:
        return []  # nothing goes to a room as such: ``deliver`` filters the parent's room

    async def deliver(self, channel: Channel, event: str, data: Any, skip_sid: str | list[str] | None = None) -> None:
        parent_id = getattr(channel, "_thread_parent_id", None)
        if parent_id is None:
            parent_id = await Thread.filter(channel_id=channel.id).values_list("parent_id", flat=True).first()
        if parent_id is not None:
            await live.to_parent_audience(parent_id, event, data, skip_sid)

    async def deliver_to_user(self, user_id: int, event: str, data: Any) -> None:
        await live.to_user(user_id, event, data)  # a protocol client of theirs never hears of a thread

    async def check_send(self, user: User, access: Access) -> None:
        ctx: MemberContext = access.extra["ctx"]
        thread: Thread = access.extra["thread"]
        if thread.locked and not is_moderator(ctx):
            raise ApiError(403, "This thread is locked.")
        if not can_send(ctx, access.extra["overrides"]):
            raise ApiError(403, "You are not allowed to send messages in this channel.")

    async def sending(self, user: User | None, access: Access, check: bool = True) -> Sending:
        ctx: MemberContext | None = access.extra.get("ctx")
        thread: Thread = access.extra.get("thread") or await Thread.get(channel_id=access.channel.id)
        if check:
            await self.check_send(user, access)  # type: ignore[arg-type]  # a member sends when checked
            await self._before_send(user, access)  # type: ignore[arg-type]
        member = None
        if ctx is not None and user is not None and ctx.member.user_id == user.id:
            member = {"id": str(ctx.member.id), "permissions": ctx.permissions, "nickname": ctx.member.nickname}
        access.extra["thread"] = thread
        access.channel._thread_parent_id = thread.parent_id
        return Sending(
            rooms=[],
            # ``parentId``: which channel's thread it is, for a client that has not met the thread
            # (a forum's list shows a reply to a post it has not loaded).
            created={"member": member, "serverId": str(thread.server_id), "parentId": str(thread.parent_id)},
            writes=lambda message: self._writes(message, thread, user),
            after=lambda message: self._after(message, access, thread, user),
        )

    async def _before_send(self, user: User, access: Access) -> None:
        ctx: MemberContext = access.extra["ctx"]
        if ctx.muted:
            raise ApiError(403, "You are muted in this server.")
        seconds = getattr(access.extra["thread"], "_parent_slow_mode", None)
        if seconds and not ctx.is_admin:
            # The parent's slow mode, counted per thread (as servers counts it per channel).
            ttl = await hearth().limiter.hit(
                f"{user.id}-slowmode-{access.channel.id}", 1, seconds * 1000, seconds * 1000, force=True
            )
            if ttl is not None:
                raise ApiError(429, "Slow down!", None, ttl=ttl, slowMode=True)

    def _writes(self, message: Message, thread: Thread, sender: User | None) -> list[Statement] | None:
        """The sender follows and has read the thread: one statement beside the message's, unless
        the thread wakes from its archive or the message names someone (``_after`` then)."""
        if thread.archived or message.mention_user_ids or message.mentions_everyone or sender is None:
            return None
        return [follow.replied(thread.channel_id, sender.id, datetime.now(UTC))]

    async def _after(self, message: Message, access: Access, thread: Thread, sender: User | None) -> None:
        if thread.archived:
            await unarchive_on_message(thread)
        if sender is not None:
            await follow.replied_now(thread.channel_id, sender.id)
        targets = [int(u) for u in message.mention_user_ids if sender is None or int(u) != sender.id]
        if targets and access.extra.get("ctx") is not None:
            await follow.mentioned(thread, targets, access.extra["overrides"], access.extra["ctx"])

    async def mark_seen(self, user: User, access: Access) -> None:
        await follow.seen(access.channel.id, user.id, datetime.now(UTC))

    async def mark_unread(self, user: User, access: Access, message: Message) -> None:
        await follow.seen(access.channel.id, user.id, message.created_at - timedelta(milliseconds=1))

    async def notice(self, user: User, access: Access) -> dict[str, Any] | None:
        return None

    async def viewable(self, user: User, channels: list[Channel]) -> set[int]:
        from plugins.messages.service import viewable_channel_ids

        parents = dict(
            await Thread.filter(channel_id__in=[c.id for c in channels]).values_list("channel_id", "parent_id")
        )
        visible_parents = await viewable_channel_ids(user, list(set(parents.values())))
        return {thread_id for thread_id, parent_id in parents.items() if parent_id in visible_parents}


async def unarchive_on_message(thread: Thread) -> None:
    """A message in an archived (unlocked) thread brings it back, as Discord does."""
    from plugins.threads.service import announce_update

    thread.archived, thread.archived_at = False, None
    await Thread.filter(channel_id=thread.channel_id).update(archived=False, archived_at=None)
    await announce_update(thread, {"archived": False})
