"""The GROUP_DM channel kind: its members read and write, every message counts as one unread
mention for each other member (as in a DM), and everything goes to the members' opted-in rooms.

A group is Hearth's own: over HTTP it is reached only by a request naming the ``group_dms``
feature (``X-Hearth-Features``); any other caller is told the channel does not exist, exactly as
for a channel that does not, so a protocol client never meets a channel type it does not know."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from core import features
from core.errors import ApiError
from core.identity.models import User
from plugins.group_dms.live import FEATURE, rooms
from plugins.group_dms.models import GroupMember
from plugins.messages import service as messages
from plugins.messages.kinds import Access, Sending
from plugins.messages.models import Channel, Message


class GroupChannels:
    feature = FEATURE  # messages leaves these channels out of what a client that did not ask gets
    holds_messages = True

    async def access(self, user: User, channel: Channel) -> Access:
        if not features.asked_unless_elsewhere(FEATURE):
            raise ApiError(403, "Channel does not exist.")
        present = await GroupMember.filter(group_id=channel.id).values_list("user_id", flat=True)
        if user.id not in present:
            raise ApiError(403, "You are not a member of this channel.")
        return Access(
            channel=channel,
            kind=self,
            can_manage_messages=False,
            can_pin=True,
            manage_denied="Only the creator of the message can delete this message!",
            extra={
                "group_member_ids": list(present),
                # Web Push (plugins/push): every other member, as a DM notifies its other side.
                "push": {
                    "recipients": list(present),
                    "url": f"/app/groups/{channel.id}",
                    "title_suffix": f" in {channel.name}" if channel.name else "",
                },
            },
        )

    async def viewable(self, user: User, channels: list[Channel]) -> set[int]:
        if not features.asked_unless_elsewhere(FEATURE):
            return set()
        return set(
            await GroupMember.filter(user_id=user.id, group_id__in=[c.id for c in channels]).values_list(
                "group_id", flat=True
            )
        )

    async def rooms(self, channel: Channel) -> list[str]:
        return rooms(list(await GroupMember.filter(group_id=channel.id).values_list("user_id", flat=True)))

    async def check_send(self, user: User, access: Access) -> None:
        return None  # a member may always write in their group

    async def sending(self, user: User | None, access: Access, check: bool = True) -> Sending:
        members: list[int] = access.extra["group_member_ids"]
        return Sending(rooms=rooms(members), after=lambda message: self._after_message(message, access))

    async def _after_message(self, message: Message, access: Access) -> None:
        others = [m for m in access.extra["group_member_ids"] if m != message.created_by_id]
        await messages.bump_mentions(others, access.channel, message.created_by_id, None)

    async def mark_seen(self, user: User, access: Access) -> None:
        await GroupMember.filter(group_id=access.channel.id, user_id=user.id).update(last_seen=datetime.now(UTC))

    async def mark_unread(self, user: User, access: Access, message: Message) -> None:
        await messages.bump_mention(user.id, access.channel, message.created_by_id, None, to=1)

    async def notice(self, user: User, access: Access) -> dict[str, Any] | None:
        return None

    # Calls (the voice plugin's seam for kinds it does not know: see its README, "Calls in other
    # kinds of channel"): any member may call, the call rings every other member, and its events
    # go to the members' opted-in rooms (``rooms``).

    async def call_ringing(self, user: User, access: Access) -> list[int]:
        return [m for m in access.extra["group_member_ids"] if m != user.id]

    async def call_channels(self, user: User) -> list[int]:
        """The groups whose calls ``user`` hears of (``voiceChannelUsers``)."""
        return list(await GroupMember.filter(user_id=user.id).values_list("group_id", flat=True))
