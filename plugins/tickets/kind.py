"""The TICKET (type 3) channel kind: its opener and the instance's admins (FOUNDER/ADMIN badges)
may read and write; no reference event leaves for it (realtime.md §2: protocol clients poll;
Hearth's opt-in ``ticket:*`` events are in ``live.py``); a closed ticket refuses the opener's
messages; the 50th message closes it as done. Pins, edits and deletes are refused with
upstream's ``{error}`` bodies."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from core.auth import is_moderator
from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import User
from plugins.messages.kinds import Access, Sending
from plugins.messages.models import Channel, Message
from plugins.tickets.live import ticket_updated
from plugins.tickets.models import CLOSED, CLOSED_AS_DONE, Ticket
from plugins.tickets.service import ticket_wire

AUTO_CLOSE_AT = 50


class TicketChannels:
    async def access(self, user: User, channel: Channel) -> Access:
        ticket = await Ticket.get_or_none(channel_id=channel.id)
        if ticket is None:
            raise ApiError(403, "Channel does not exist.")
        staff = is_moderator(user)
        if ticket.opened_by_id != user.id and not staff:
            raise ApiError(403, "You are not a member of this channel.")
        return Access(
            channel=channel,
            kind=self,
            can_manage_messages=False,
            can_pin=False,
            pin_refusal="Ticket message cannot be pinned.",
            edit_refusal="Ticket message cannot be edited.",
            extra={"ticket": ticket, "staff": staff},
        )

    async def rooms(self, channel: Channel) -> list[str]:
        return []

    async def check_send(self, user: User, access: Access) -> None:
        ticket: Ticket = access.extra["ticket"]
        if access.extra["staff"]:
            return  # closed tickets still take the admins' messages
        if ticket.status not in CLOSED and await Message.filter(channel_id=ticket.channel_id).count() >= AUTO_CLOSE_AT:
            await close_full(ticket)
        if ticket.status in CLOSED:
            raise bad_request("This ticket is closed")

    async def sending(self, user: User | None, access: Access, check: bool = True) -> Sending:
        if check:
            await self.check_send(user, access)  # type: ignore[arg-type]  # a member sends when checked
        # no rooms: no reference event leaves for tickets; no plain writes: the count may close it
        return Sending(rooms=[], after=lambda message: self._after_message(access))

    async def _after_message(self, access: Access) -> None:
        ticket: Ticket = access.extra["ticket"]
        if ticket.status not in CLOSED and await Message.filter(channel_id=ticket.channel_id).count() >= AUTO_CLOSE_AT:
            await close_full(ticket)

    async def mark_seen(self, user: User, access: Access) -> None:
        return None

    async def mark_unread(self, user: User, access: Access, message: Message) -> None:
        return None

    async def notice(self, user: User, access: Access) -> dict[str, Any] | None:
        return None


async def close_full(ticket: Ticket) -> None:
    ticket.status = CLOSED_AS_DONE
    ticket.last_updated_at = datetime.now(UTC)
    ticket.seen = False
    async with transaction():
        await Ticket.filter(id=ticket.id).update(
            status=ticket.status, last_updated_at=ticket.last_updated_at, seen=False
        )
        await ticket_updated(ticket, ticket_wire(ticket))
