"""Live tickets, a Hearth addition (the reference has no ticket event: its clients poll,
realtime.md §2). Only sockets that ask for it hear of tickets: ``user:authenticate`` with
``features: ["tickets"]`` puts the socket in ``tickets:<its user id>``; protocol clients never send
it, so they get nothing they do not know (docs/protocol-extensions.md).

- ``ticket:updated {ticket}`` when a ticket is opened, its status changes (staff, the opener's
  answer, the 50th message closing it) or its opener reads it (``seen``);
- ``ticket:message {ticketId, channelId, message}`` when a message is posted in it.

Both go to the opener's room and the rooms of the instance's admins (FOUNDER/ADMIN badges) as
they are when the event leaves: a badge taken away stops the events at once, and MODs, who may
not read tickets, never get them.
"""

from __future__ import annotations

from typing import Any

from tortoise.expressions import RawSQL

from core.auth import MODERATOR_BADGES
from core.context import hearth
from core.identity.models import User
from core.wire import public_user
from plugins.tickets.models import Ticket

FEATURE = "tickets"


def room(user_id: int | str) -> str:
    return f"tickets:{user_id}"


async def admin_ids() -> list[int]:
    """Who may read every ticket now (FOUNDER or ADMIN); a handful of rows on any instance."""
    query = User.annotate(staff_bits=RawSQL(f"users.badges & {MODERATOR_BADGES}")).filter(deleted=False)
    return list(await query.exclude(staff_bits=0).values_list("id", flat=True))


async def audience(ticket: Ticket) -> list[str]:
    return list(dict.fromkeys([room(ticket.opened_by_id), *(room(i) for i in await admin_ids())]))


async def ticket_updated(ticket: Ticket, wire: dict[str, Any]) -> None:
    """``wire`` is the ticket as its opener lists it (``seen`` included); the opener's public user
    is added for the admins' lists. Inside a transaction it leaves after the commit."""
    opener = await User.get_or_none(id=ticket.opened_by_id)
    payload = {**wire, "openedById": str(ticket.opened_by_id), "openedBy": public_user(opener) if opener else None}
    await hearth().gateway.emit("ticket:updated", {"ticket": payload}, to=await audience(ticket))


async def ticket_message(ticket: Ticket, message: dict[str, Any]) -> None:
    data = {"ticketId": ticket.id, "channelId": str(ticket.channel_id), "message": message}
    await hearth().gateway.emit("ticket:message", data, to=await audience(ticket))
