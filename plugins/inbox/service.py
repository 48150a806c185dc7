"""Direct messages: opening and closing inbox entries, and the DM channel kind."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tortoise.exceptions import IntegrityError

from core.context import hearth
from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.wire import ms, public_user
from plugins.accounts.public_profile import brief_profiles
from plugins.inbox.models import Inbox, UserNotice
from plugins.inbox.openlocks import opening_locks
from plugins.inbox.privacy import check_can_message
from plugins.messages import service as messages
from plugins.messages.kinds import Access, Sending
from plugins.messages.models import DM_TEXT, Channel, Message
from plugins.messages.payload import attachment_counts
from plugins.messages.routes import channel_wire


def _recipient_wire(user: User, profile: dict[str, Any] | None) -> dict[str, Any]:
    return {**public_user(user), "profile": profile}


def inbox_wire(inbox: Inbox, recipient: User, profile: dict[str, Any] | None) -> dict[str, Any]:
    """``profile``: the recipient's embedded profile (``plugins.accounts.public_profile``)."""
    return {
        "id": str(inbox.id),
        "createdById": str(inbox.created_by_id),
        "recipientId": str(inbox.recipient_id),
        "channelId": str(inbox.channel_id),
        "closed": inbox.closed,
        "createdAt": ms(inbox.created_at),
        "lastSeen": ms(inbox.last_seen),
        "recipient": _recipient_wire(recipient, profile),
    }


async def _full_inbox(inbox: Inbox) -> dict[str, Any]:
    recipient = await User.get(id=inbox.recipient_id)
    channel = await Channel.get(id=inbox.channel_id)
    profile = (await brief_profiles([recipient.id])).get(recipient.id)
    attachments = (await attachment_counts([channel.id]))[channel.id]
    return {
        **inbox_wire(inbox, recipient, profile),
        "channel": {**channel_wire(channel), "_count": {"attachments": attachments}},
    }


async def open_channel(user: User, recipient_id: int | None) -> dict[str, Any]:
    recipient = await User.get_or_none(id=recipient_id, deleted=False) if recipient_id is not None else None
    if recipient is None:
        raise bad_request("Invalid userId")
    # Two people opening each other's DM at once must end up in one channel.
    async with opening_locks().held(user.id, recipient.id):
        inbox = await Inbox.get_or_none(created_by_id=user.id, recipient_id=recipient.id)
        if inbox is not None:
            if inbox.closed:
                inbox.closed = False
                await inbox.save(update_fields=["closed"])
                full = await _full_inbox(inbox)
                await hearth().gateway.emit("inbox:opened", full, to=str(user.id))
                return full
            return await _full_inbox(inbox)
        async with transaction():
            theirs = await Inbox.get_or_none(created_by_id=recipient.id, recipient_id=user.id)
            if theirs is None:
                channel = await Channel.create(type=DM_TEXT, created_by_id=user.id)
                if recipient.id != user.id:
                    await Inbox.create(
                        created_by_id=recipient.id, recipient_id=user.id, channel_id=channel.id, closed=True
                    )
                channel_id = channel.id
            else:
                channel_id = theirs.channel_id
            try:
                inbox = await Inbox.create(created_by_id=user.id, recipient_id=recipient.id, channel_id=channel_id)
            except IntegrityError:
                raise bad_request("Something went wrong.") from None
            full = await _full_inbox(inbox)
            await hearth().gateway.emit("inbox:opened", full, to=str(user.id))
        return full


async def close_channel(user: User, channel_id: str) -> None:
    access = await messages.load_channel(user, channel_id)
    inbox = await Inbox.get_or_none(created_by_id=user.id, channel_id=access.channel.id)
    if inbox is None:
        raise bad_request("Channel does not exist.")
    if inbox.closed:
        raise bad_request("This channel is already closed.")
    async with transaction():
        await Inbox.filter(id=inbox.id).update(closed=True)
        await hearth().gateway.emit("inbox:closed", {"channelId": str(inbox.channel_id)}, to=str(user.id))
        await hearth().plugins.gather("dm_closed", user_id=user.id, channel_id=inbox.channel_id)


def _notice_wire(notice: UserNotice) -> dict[str, Any]:
    return {
        "content": notice.content,
        "updatedAt": ms(notice.updated_at),
        "channelId": None,
        "userId": str(notice.user_id),
    }


class DirectMessages:
    """The DM_TEXT channel kind: two participants (one for saved notes), no rooms of its own."""

    async def access(self, user: User, channel: Channel) -> Access:
        inbox = await Inbox.get_or_none(created_by_id=user.id, channel_id=channel.id)
        if inbox is None:
            raise ApiError(403, "You are not a member of this channel.")
        return Access(
            channel=channel,
            kind=self,
            can_manage_messages=False,
            can_pin=True,
            manage_denied="Only the creator of the message can delete this message!",
            extra={"inbox": inbox},
        )

    async def viewable(self, user: User, channels: list[Channel]) -> set[int]:
        return set(
            await Inbox.filter(created_by_id=user.id, channel_id__in=[c.id for c in channels]).values_list(
                "channel_id", flat=True
            )
        )

    async def rooms(self, channel: Channel) -> list[str]:
        owners = await Inbox.filter(channel_id=channel.id).values_list("created_by_id", flat=True)
        return sorted({str(owner) for owner in owners})

    async def check_send(self, user: User, access: Access) -> None:
        inbox: Inbox = access.extra["inbox"]
        await check_can_message(user.id, inbox.recipient_id)

    async def sending(self, user: User | None, access: Access, check: bool = True) -> Sending:
        if check:
            await self.check_send(user, access)  # type: ignore[arg-type]  # a member sends when checked
        # (no plain writes: what follows a DM does more than writes)
        return Sending(rooms=await self.rooms(access.channel), after=lambda m: self._after_message(m, access, user))

    async def _after_message(self, message: Message, access: Access, sender: User) -> None:
        inbox: Inbox = access.extra["inbox"]
        if inbox.recipient_id == sender.id:
            return  # saved notes
        recipient = await User.get(id=inbox.recipient_id)
        if recipient.bot:
            return  # as upstream: a bot has no inbox (its payload's is []), so nothing counts or opens
        await messages.bump_mention(recipient.id, access.channel, sender.id, None)
        theirs = await Inbox.get_or_none(created_by_id=recipient.id, channel_id=access.channel.id)
        if theirs is not None and theirs.closed:
            await Inbox.filter(id=theirs.id).update(closed=False)
            theirs.closed = False
            await hearth().gateway.emit("inbox:opened", await _full_inbox(theirs), to=str(recipient.id))

    async def mark_seen(self, user: User, access: Access) -> None:
        await Inbox.filter(created_by_id=user.id, channel_id=access.channel.id).update(last_seen=datetime.now(UTC))

    async def mark_unread(self, user: User, access: Access, message: Message) -> None:
        inbox: Inbox = access.extra["inbox"]
        await messages.bump_mention(user.id, access.channel, inbox.recipient_id, None, to=1)

    async def notice(self, user: User, access: Access) -> dict[str, Any] | None:
        inbox: Inbox = access.extra["inbox"]
        found = await UserNotice.get_or_none(user_id=inbox.recipient_id)
        return _notice_wire(found) if found else None


async def payload(user_id: int) -> dict[str, Any]:
    """Open inboxes with recipients, and their channels — four queries in all."""
    inboxes = await Inbox.filter(created_by_id=user_id, closed=False)
    if not inboxes:
        return {"inbox": [], "channels": []}
    recipient_ids = {i.recipient_id for i in inboxes}
    channel_ids = [i.channel_id for i in inboxes]
    users = {u.id: u for u in await User.filter(id__in=recipient_ids)}
    profiles = await brief_profiles(recipient_ids)
    channels = await Channel.filter(id__in=channel_ids)
    counts = await attachment_counts(channel_ids)
    return {
        "inbox": [inbox_wire(i, users[i.recipient_id], profiles.get(i.recipient_id)) for i in inboxes],
        "channels": [{**channel_wire(c), "_count": {"attachments": counts[c.id]}} for c in channels],
    }


async def set_notice(user: User, content: str) -> dict[str, Any]:
    notice = await UserNotice.get_or_none(user_id=user.id)
    if notice is None:
        notice = await UserNotice.create(user_id=user.id, content=content)
    else:
        notice.content = content
        await notice.save()
    return {
        "id": str(notice.id),
        "createdAt": ms(notice.created_at),
        "updatedAt": ms(notice.updated_at),
        "channelId": None,
        "userId": str(user.id),
        "content": notice.content,
    }
